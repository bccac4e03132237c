/**
 * The demo seller's business over the last 30 days, made through the real code: storefront
 * visits and checkouts counted by the storefront's tracker, carts priced by the checkout,
 * paid through the built-in test gateway and turned into orders (with their ledger sale and SEN
 * points) by the storefront's `placeCheckoutOrder`; operators send orders to production, which
 * hands them to SEN Design (the demo campaigns have no saved designs), a designer attaches the
 * print file and hands back, and operators ship with a carrier and tracking number; one order is
 * cancelled (refunded, its sale reversed), one is on hold; a few buyers leave their checkout;
 * the seller adds a payout account and a payout is paid.
 *
 * Those paths stamp now(): everything is written in one transaction and then moved to the day
 * and hour each step was planned for (`sql/demoHistory.ts`), each order's rows together. Fixed
 * seed: the same buyers, carts and states every time (dates follow the day the demo starts).
 * Seeded once: a seller who has any checkout gets nothing.
 */
import { readFile } from 'node:fs/promises';
import {
  type CheckoutBody,
  PAYOUT_MIN_AMOUNT,
  printSpaceNames,
  type ShippingAddress,
} from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import { BLOB_FILE_PREFIX, blobPath, writeBlob } from '../blob/blobStore.js';
import type { Queryable } from '../db/Db.js';
import { approvePayout, requestPayout } from '../money/bookings.js';
import {
  accountLabel,
  maskedDetails,
  paymentAccountBox,
  paymentAccountContext,
} from '../money/paymentAccounts.js';
import { changeOrder } from '../orders/changeOrder.js';
import {
  attachDesignerFile,
  handBackDesigned,
  sendToProduction,
  shipOrderLines,
} from '../orders/operatorVerbs.js';
import type { OrderActor } from '../orders/recordOrderEvent.js';
import {
  activeCampaignIds,
  moveCheckoutToThePast,
  moveOrdersToThePast,
  moveTodaysTracks,
  sellerHasCheckouts,
} from '../sql/demoHistory.js';
import { ledgerBalances } from '../sql/ledger.js';
import { insertCheckout, lockCheckout } from '../sql/orders.js';
import { insertPaymentAccount, writePaymentAccountDetails } from '../sql/payouts.js';
import { getSellerOrder } from '../sql/sellerOrders.js';
import { claimItem, senDesignQueue } from '../sql/senDesign.js';
import {
  campaignProducts,
  type PublicStore,
  storeBySlug,
  trackStorefront,
} from '../sql/storefront.js';
import { getUserByEmail } from '../sql/users.js';
import { priceCheckout } from '../storefront/checkout.js';
import { sellableOptions } from '../storefront/options.js';
import { DEMO_ACCOUNTS } from './seedDemo.js';

/**
 * Days of history, today included: two months, so the overview's last 30 days have a previous
 * period to compare with.
 */
export const DEMO_HISTORY_DAYS = 60;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A small deterministic generator (mulberry32): the same history from the same seed. */
function randomFrom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Buyer {
  email: string;
  address: ShippingAddress;
  carrier: string;
}

/** The demo's buyers: a handful of countries, some of them coming back. */
export const DEMO_BUYERS: readonly Buyer[] = [
  {
    email: 'emma.johnson@example.com',
    address: {
      name: 'Emma Johnson',
      line1: '1200 Pine St',
      city: 'Seattle',
      state: 'WA',
      postcode: '98101',
      country: 'US',
    },
    carrier: 'USPS',
  },
  {
    email: 'liam.carter@example.com',
    address: {
      name: 'Liam Carter',
      line1: '48 Maple Ave',
      city: 'Austin',
      state: 'TX',
      postcode: '78701',
      country: 'US',
    },
    carrier: 'USPS',
  },
  {
    email: 'olivia.brooks@example.com',
    address: {
      name: 'Olivia Brooks',
      line1: '305 Elm St',
      city: 'Columbus',
      state: 'OH',
      postcode: '43215',
      country: 'US',
    },
    carrier: 'UPS',
  },
  {
    email: 'amelia.clarke@example.co.uk',
    address: {
      name: 'Amelia Clarke',
      line1: '14 Baker Street',
      city: 'London',
      postcode: 'W1U 3BW',
      country: 'GB',
    },
    carrier: 'DHL',
  },
  {
    email: 'lukas.schneider@example.de',
    address: {
      name: 'Lukas Schneider',
      line1: 'Hauptstraße 5',
      city: 'Berlin',
      postcode: '10115',
      country: 'DE',
    },
    carrier: 'DHL',
  },
  {
    email: 'noah.tremblay@example.ca',
    address: {
      name: 'Noah Tremblay',
      line1: '220 Rue Saint-Paul',
      city: 'Montréal',
      state: 'QC',
      postcode: 'H2Y 1Z8',
      country: 'CA',
    },
    carrier: 'UPS',
  },
  {
    email: 'chloe.martin@example.fr',
    address: {
      name: 'Chloé Martin',
      line1: '12 Rue de Rivoli',
      city: 'Paris',
      postcode: '75004',
      country: 'FR',
    },
    carrier: 'DHL',
  },
  {
    email: 'jack.wilson@example.com.au',
    address: {
      name: 'Jack Wilson',
      line1: '88 George St',
      city: 'Sydney',
      state: 'NSW',
      postcode: '2000',
      country: 'AU',
    },
    carrier: 'DHL',
  },
  {
    email: 'sophia.miller@example.com',
    address: {
      name: 'Sophia Miller',
      line1: '77 Lake Shore Dr',
      city: 'Chicago',
      state: 'IL',
      postcode: '60611',
      country: 'US',
    },
    carrier: 'FedEx',
  },
  {
    email: 'sanne.devries@example.nl',
    address: {
      name: 'Sanne de Vries',
      line1: 'Keizersgracht 100',
      city: 'Amsterdam',
      postcode: '1015 AA',
      country: 'NL',
    },
    carrier: 'DHL',
  },
];

/** Buyers who filled the checkout and left (the Abandoned checkouts list), and when. */
const LEFT_CHECKOUTS: readonly { buyer: Buyer; daysAgo: number; hour: number }[] = [
  {
    buyer: {
      email: 'mia.rossi@example.it',
      address: {
        name: 'Mia Rossi',
        line1: 'Via Roma 21',
        city: 'Milano',
        postcode: '20121',
        country: 'IT',
      },
      carrier: 'DHL',
    },
    daysAgo: 6,
    hour: 19,
  },
  {
    buyer: {
      email: 'ethan.nguyen@example.com',
      address: {
        name: 'Ethan Nguyen',
        line1: '901 Mission St',
        city: 'San Francisco',
        state: 'CA',
        postcode: '94103',
        country: 'US',
      },
      carrier: 'USPS',
    },
    daysAgo: 2,
    hour: 10,
  },
  {
    buyer: {
      email: 'grace.kim@example.com',
      address: {
        name: 'Grace Kim',
        line1: '15 Broad St',
        city: 'New York',
        state: 'NY',
        postcode: '10005',
        country: 'US',
      },
      carrier: 'USPS',
    },
    daysAgo: 1,
    hour: 21,
  },
];

/** What happens to an order after it is paid. */
type Fate = 'paid' | 'designing' | 'production' | 'shipped' | 'on_hold' | 'cancelled';

interface PlannedOrder {
  at: Date;
  daysAgo: number;
  buyer: Buyer;
  items: CheckoutBody['items'];
  tip: CheckoutBody['tip_percent'];
  fate: Fate;
}

/** What the demo history made, for the start-up line and the tests. */
export interface DemoHistory {
  orders: number;
  abandoned: number;
  visits: number;
  /** Wall time, and the CPU time this process spent (the figure that does not grow with load). */
  ms: number;
  cpuMs: number;
}

/** The state an order of this age is in: shipped after five days, and so on. */
function fateOf(daysAgo: number, index: number): Fate {
  if (daysAgo >= 5) return 'shipped';
  if (daysAgo >= 3) return 'production';
  if (daysAgo >= 1) return index % 2 === 0 ? 'designing' : 'paid';
  return 'paid';
}

const trackingNumber = (carrier: string, n: number) =>
  carrier === 'UPS'
    ? `1Z999AA1${String(10_000_000 + n * 7919).slice(0, 8)}`
    : carrier === 'USPS'
      ? `9400 1118 9922 ${String(3_000_000 + n * 104_729).slice(0, 7)} ${10 + (n % 89)}`
      : `${carrier === 'DHL' ? 'JD0146' : '7720'}${String(100_000_000 + n * 15_485_863).slice(0, 9)}`;

/** A checkout id the generator makes (a UUID in form, so the storefront's links accept it). */
function checkoutId(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
  hex[12] = '4';
  hex[16] = '8';
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * Seeds the demo seller's history once (none when the seller has any checkout). Runs after
 * `seedDemo` on a built app: it needs the storefront's checkout and the jobs queue.
 */
export async function seedDemoHistory(
  app: FastifyInstance,
  now: Date = new Date(),
): Promise<DemoHistory | null> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const { db } = app;
  const seller = await getUserByEmail(db, DEMO_ACCOUNTS.seller);
  const admin = await getUserByEmail(db, DEMO_ACCOUNTS.admin);
  const designer = await getUserByEmail(db, DEMO_ACCOUNTS.designer);
  const store = await storeBySlug(db, 'demo');
  if (!seller || !admin || !designer || !store || Number(store.seller_id) !== Number(seller.id)) {
    return null;
  }
  const sellerId = Number(seller.id);
  if (await sellerHasCheckouts(db, sellerId)) return null;
  const gateway = app.paymentGateways.get('test');
  if (!gateway) return null;

  const random = randomFrom(20261127);
  const campaignIds = await activeCampaignIds(db, sellerId);
  const products = await campaignProducts(db, sellerId, campaignIds);
  if (products.length === 0) return null;

  // The designer's finished print file: a file of the seller's own store.
  const printFileKey = `s${sellerId}/sen-design/demo-print.png`;
  await writeBlob(
    app.blobDir,
    printFileKey,
    await readFile(blobPath(app.blobDir, 's0/templates/tshirt/crop.png')),
  );

  const plan = planOrders(random, products, now);
  const operator: OrderActor = { kind: 'platform', id: Number(admin.id) };
  const sen: OrderActor = { kind: 'platform', id: Number(designer.id) };
  const fees = {
    processingFee: app.config.processingFee,
    processingFeeMin: app.config.processingFeeMin,
  };
  let visits = 0;

  await db.transaction(async (tx) => {
    const placed: { id: number; at: Date; fate: Fate; buyer: Buyer }[] = [];
    const left: { id: string; at: Date }[] = [];
    // Day by day, oldest first: the day's visits and checkouts are counted on today's row by the
    // storefront's tracker, then that row becomes the day's.
    for (let daysAgo = DEMO_HISTORY_DAYS - 1; daysAgo >= 0; daysAgo -= 1) {
      const orders = plan.filter((o) => o.daysAgo === daysAgo);
      const growth = 1 + (DEMO_HISTORY_DAYS - daysAgo) / DEMO_HISTORY_DAYS;
      for (const campaignId of campaignIds) {
        const sold = orders.filter((o) => o.items.some((i) => i.campaign_id === campaignId)).length;
        const count = Math.round((9 + random() * 12) * growth) + sold * 14;
        visits += count;
        await trackStorefront(tx, store, [campaignId], 'visits', count);
      }
      for (const order of orders) {
        const id = await checkoutOf(
          tx,
          app,
          store,
          order.buyer,
          order.items,
          order.tip,
          fees,
          random,
        );
        const checkout = await lockCheckout(tx, id);
        if (!checkout) throw new Error('demo checkout vanished');
        const charge = await gateway.charge({
          idempotencyKey: checkout.id,
          amount: checkout.total,
          currency: checkout.currency,
          description: `Checkout ${checkout.id}`,
          email: checkout.email,
          cardNumber: '4242424242424242',
        });
        if (charge.status !== 'paid') throw new Error('the test gateway declined a demo payment');
        const made = await app.placeCheckoutOrder(tx, checkout, 'test', charge.reference);
        placed.push({ id: Number(made.id), at: order.at, fate: order.fate, buyer: order.buyer });
      }
      for (const leaving of LEFT_CHECKOUTS.filter((l) => l.daysAgo === daysAgo)) {
        const product = products[Math.floor(random() * products.length)] ?? products[0];
        if (!product) continue;
        const options = sellableOptions(product);
        const id = await checkoutOf(
          tx,
          app,
          store,
          leaving.buyer,
          [
            {
              campaign_id: Number(product.campaign_id),
              product_id: Number(product.id),
              color: options.colors[0] ?? '',
              size: options.sizes[Math.min(1, options.sizes.length - 1)] ?? '',
              quantity: 1,
            },
          ],
          undefined,
          fees,
          random,
        );
        left.push({ id, at: new Date(dayStart(now, daysAgo) + leaving.hour * HOUR) });
      }
      if (daysAgo > 0) await moveTodaysTracks(tx, store.id, daysAgo);
    }

    // What happened to each order after its payment, by the operators', designers' and
    // seller's verbs.
    let shipmentNo = 0;
    for (const order of placed) {
      const scope = { sellerId, storeIds: null };
      const read = async () => {
        const row = await getSellerOrder(tx, scope, order.id, true);
        if (!row) throw new Error('demo order vanished');
        return row;
      };
      if (order.fate === 'on_hold') {
        await changeOrder(
          tx,
          app.jobs,
          await read(),
          { type: 'hold' },
          { kind: 'seller', id: sellerId },
        );
        continue;
      }
      if (order.fate === 'cancelled') {
        await changeOrder(
          tx,
          app.jobs,
          await read(),
          { type: 'cancel' },
          { kind: 'seller', id: sellerId },
        );
        continue;
      }
      if (order.fate === 'paid') continue;
      await sendToProduction(tx, app.jobs, await read(), operator);
      if (order.fate === 'designing') continue;
      const waiting = (await senDesignQueue(tx, sellerId, null)).filter(
        (item) => Number(item.order_id) === order.id,
      );
      for (const item of waiting) {
        await claimItem(tx, sellerId, Number(item.item_id), Number(designer.id));
        await attachDesignerFile(
          tx,
          app.jobs,
          {
            itemId: Number(item.item_id),
            orderId: order.id,
            sellerId,
            printSpace: printSpaceNames(item.print_spaces)[0] ?? 'front',
            fileUrl: `${BLOB_FILE_PREFIX}${printFileKey}`,
          },
          sen,
        );
      }
      // Every print space has the designer's file: the print-files job would draw nothing.
      await handBackDesigned(tx, app.jobs, await read(), sen);
      if (order.fate === 'production') continue;
      shipmentNo += 1;
      await shipOrderLines(
        tx,
        app.jobs,
        await read(),
        {
          carrier: order.buyer.carrier,
          tracking_number: trackingNumber(order.buyer.carrier, shipmentNo),
        },
        operator,
      );
    }

    await moveOrdersToThePast(tx, sellerId, placed);
    for (const checkout of left)
      await moveCheckoutToThePast(tx, sellerId, checkout.id, checkout.at);
    await seedPayout(tx, app, sellerId, Number(admin.id), now);
  });
  const spent = process.cpuUsage(cpu);
  return {
    orders: plan.length,
    abandoned: LEFT_CHECKOUTS.length,
    visits,
    ms: Math.round(performance.now() - started),
    cpuMs: Math.round((spent.user + spent.system) / 1000),
  };
}

/** Midnight UTC `daysAgo` days before `now`. */
function dayStart(now: Date, daysAgo: number): number {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return midnight - daysAgo * DAY;
}

type DemoProduct = Awaited<ReturnType<typeof campaignProducts>>[number];

/**
 * About 45 orders over 60 days, most of them in the last month (about 13 in the month before,
 * 33 in the last: the overview shows growth, and seeding stays as quick as the 30-day history
 * of about 40 orders); buyers come back; one or two lines each.
 * An order of 12 days ago is cancelled, the newest but one of yesterday is on hold.
 */
function planOrders(random: () => number, products: DemoProduct[], now: Date): PlannedOrder[] {
  const plan: PlannedOrder[] = [];
  for (let daysAgo = DEMO_HISTORY_DAYS - 1; daysAgo >= 0; daysAgo -= 1) {
    const expected = 0.25 + 1.3 * ((DEMO_HISTORY_DAYS - daysAgo) / DEMO_HISTORY_DAYS) ** 1.5;
    const count = Math.floor(expected + random());
    const hours = Array.from({ length: count }, () => 7 + Math.floor(random() * 15)).sort(
      (a, b) => a - b,
    );
    hours.forEach((hour, index) => {
      let at = dayStart(now, daysAgo) + hour * HOUR + Math.floor(random() * 60) * 60_000;
      // Today's orders are all before now.
      if (at > now.getTime() - HOUR) at = now.getTime() - (index + 1) * 37 * 60_000;
      const buyer = DEMO_BUYERS[Math.floor(random() ** 1.6 * DEMO_BUYERS.length)] ?? DEMO_BUYERS[0];
      const lines = random() < 0.3 ? 2 : 1;
      const items: CheckoutBody['items'] = [];
      for (let l = 0; l < lines; l += 1) {
        const product = products[Math.floor(random() * products.length)] ?? products[0];
        if (!product) continue;
        const options = sellableOptions(product);
        const color = options.colors[Math.floor(random() * options.colors.length)] ?? '';
        const sizes = options.sizes.filter((s) => options.baseCost(color, s) !== undefined);
        const size = sizes[Math.floor(random() * sizes.length)] ?? '';
        if (
          items.some(
            (i) => i.product_id === Number(product.id) && i.color === color && i.size === size,
          )
        )
          continue;
        items.push({
          campaign_id: Number(product.campaign_id),
          product_id: Number(product.id),
          color,
          size,
          quantity: random() < 0.2 ? 2 : 1,
        });
      }
      if (!buyer || items.length === 0) return;
      plan.push({
        at: new Date(at),
        daysAgo,
        buyer,
        items,
        tip: random() < 0.25 ? 5 : undefined,
        fate: fateOf(daysAgo, plan.length),
      });
    });
  }
  const cancelled = plan.find((o) => o.daysAgo <= 12);
  if (cancelled) cancelled.fate = 'cancelled';
  const held = plan.filter((o) => o.daysAgo === 1 || o.daysAgo === 2);
  const hold = held[held.length - 1];
  if (hold) hold.fate = 'on_hold';
  return plan;
}

/** A buyer's submitted checkout, priced and stored as the storefront's checkout does. */
async function checkoutOf(
  tx: Queryable,
  app: FastifyInstance,
  store: PublicStore,
  buyer: Buyer,
  items: CheckoutBody['items'],
  tip: CheckoutBody['tip_percent'],
  fees: { processingFee: number; processingFeeMin: number },
  random: () => number,
): Promise<string> {
  const body: CheckoutBody = {
    items,
    email: buyer.email,
    shipping_address: buyer.address,
    ...(tip === undefined ? {} : { tip_percent: tip }),
  };
  const priced = await priceCheckout(tx, store, body, fees, app.couponResolver);
  const id = checkoutId(random);
  await insertCheckout(tx, {
    id,
    sellerId: Number(store.seller_id),
    storeId: store.id,
    email: body.email,
    address: priced.address,
    problems: priced.problems,
    items: priced.lines,
    coupon: null,
    promotionId: priced.promotionId,
    tipPercent: body.tip_percent ?? null,
    totals: priced.totals,
  });
  await trackStorefront(tx, store, [...new Set(items.map((i) => i.campaign_id))], 'checkouts');
  return id;
}

/**
 * The seller's payout account (Payoneer) and a payout paid from the matured sales: requested
 * nine days ago, paid two days later.
 */
async function seedPayout(
  tx: Queryable,
  app: FastifyInstance,
  sellerId: number,
  adminId: number,
  now: Date,
): Promise<void> {
  const details = { email: 'payouts@printloom.test' };
  const accountId = await insertPaymentAccount(tx, sellerId, 'payoneer');
  await writePaymentAccountDetails(tx, sellerId, accountId, {
    method: 'payoneer',
    sealed: paymentAccountBox(app.config).seal(
      JSON.stringify(details),
      paymentAccountContext(sellerId, accountId),
    ),
    masked: maskedDetails('payoneer', details),
    label: accountLabel('payoneer', details),
  });
  // The sales that had matured by then, in whole tens (the opening balance counts from today).
  const requested = new Date(now.getTime() - 9 * DAY);
  const { available } = (await ledgerBalances(tx, sellerId, requested)).default;
  const amount = Math.floor(available / 1000) * 1000;
  if (amount < PAYOUT_MIN_AMOUNT) return;
  const payout = await requestPayout(
    tx,
    { sellerId, actorId: sellerId, amount, paymentAccountId: accountId },
    requested,
  );
  await approvePayout(
    tx,
    sellerId,
    Number(payout.id),
    adminId,
    new Date(requested.getTime() + 2 * DAY),
  );
}
