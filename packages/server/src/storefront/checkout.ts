import {
  type CheckoutBody,
  type CheckoutLine,
  type CheckoutTotals,
  type CouponEffect,
  checkAddress,
  checkoutTotals,
  DEFAULT_SHIPPING_RATES,
  NoShippingError,
  type ShippingAddress,
  toMinor,
} from '@printloom/core';
import { priceComboSets } from '../combo/comboCheckout.js';
import type { Queryable } from '../db/Db.js';
import { unprocessable } from '../http/errors.js';
import type { CheckoutLineRow } from '../sql/orders.js';
import {
  campaignProducts,
  type ListedCampaign,
  type PublicStore,
  sizePrices,
  storeListedCampaigns,
  templateShippingRates,
} from '../sql/storefront.js';
import { sellableOptions } from './options.js';
import { personalizeLines } from './personalization.js';

/** A coupon accepted for a cart: its effect and the promotion behind it (null: none). */
export interface AppliedCoupon {
  effect: CouponEffect;
  promotionId: number | null;
}

/**
 * The coupon hook: what a code does to a cart in a store. `resolve` answers the effect or
 * throws a 422 whose `errors.coupon` tells the buyer why not; `confirm` runs in the payment's
 * transaction, before the charge, and throws when the promotion may no longer be used (uses
 * counted when the checkout was priced may have run out since). The promotions' rules
 * (`promotionCoupons.ts`) are the server's resolver.
 */
export interface CouponResolver {
  resolve(
    db: Queryable,
    store: PublicStore,
    code: string,
    cart: { email: string; lines: readonly CheckoutLine[] },
  ): Promise<AppliedCoupon>;
  confirm?(
    tx: Queryable,
    checkout: {
      seller_id: number;
      store_id: number;
      email: string;
      coupon_code: string | null;
      promotion_id: number | null;
    },
  ): Promise<void>;
}

/** The cross-selling fields of a line whose campaign is another seller's (none for the store's own). */
function crossSoldTerms(
  listed: ListedCampaign | undefined,
): Pick<CheckoutLineRow, 'owner_id' | 'offer_id' | 'commission_percent'> {
  if (!listed || listed.offer_id === null || listed.commission_percent === null) return {};
  return {
    owner_id: listed.seller_id,
    offer_id: listed.offer_id,
    commission_percent: listed.commission_percent,
  };
}

export interface PricedCheckout {
  lines: CheckoutLineRow[];
  totals: CheckoutTotals;
  /** The promotion whose code was applied, if any. */
  promotionId: number | null;
  address: ShippingAddress;
  problems: { field: 'state' | 'postcode'; message: string }[];
}

/**
 * Prices a cart in a store: every item must be a product of a campaign the store lists, in one
 * of its colours and sizes; prices come from the database, never from the buyer. A campaign
 * cross-sold from another seller is priced from its owner's products, and its line carries the
 * owner and the offer's terms the order will be booked under.
 */
export async function priceCheckout(
  db: Queryable,
  store: PublicStore,
  body: CheckoutBody,
  fees: { processingFee: number; processingFeeMin: number },
  coupons: CouponResolver,
): Promise<PricedCheckout> {
  const campaignIds = [...new Set(body.items.map((i) => i.campaign_id))];
  const listedRows = await storeListedCampaigns(db, store, campaignIds);
  const listed = new Set(listedRows.map((row) => row.id));
  const owners = [...new Set(listedRows.map((row) => row.seller_id))];
  const products = (
    await Promise.all(
      owners.map((owner) =>
        campaignProducts(
          db,
          owner,
          listedRows.filter((row) => row.seller_id === owner).map((row) => row.id),
        ),
      ),
    )
  ).flat();
  const terms = new Map(listedRows.map((row) => [row.id, row]));
  // A size with its own price (bulk pricing per size) sells at it; the others at the product's.
  const ownPrices = await sizePrices(
    db,
    body.items.map((item) => item.product_id),
  );
  const lines: CheckoutLineRow[] = [];
  const errors: Record<string, string[]> = {};
  body.items.forEach((item, i) => {
    const product = products.find(
      (p) => p.id === item.product_id && p.campaign_id === item.campaign_id,
    );
    if (!product || !listed.has(item.campaign_id)) {
      errors[`items.${i}.product_id`] = ['This product is not sold in this store'];
      return;
    }
    const options = sellableOptions(product);
    const baseCost = options.baseCost(item.color, item.size);
    if (!options.colors.includes(item.color)) {
      errors[`items.${i}.color`] = ['Choose one of the colours'];
    } else if (baseCost === undefined) {
      errors[`items.${i}.size`] = ['Choose one of the sizes'];
    }
    lines.push({
      campaign_id: item.campaign_id,
      product_id: item.product_id,
      template_id: product.template_id,
      name: product.name,
      color: item.color,
      size: item.size,
      quantity: item.quantity,
      price: ownPrices.get(`${item.product_id}:${item.size}`) ?? toMinor(product.price),
      base_cost: baseCost ?? toMinor(product.base_cost),
      ...crossSoldTerms(terms.get(item.campaign_id)),
    });
  });
  // The buyer's values of personalised products, checked against their artworks.
  const personal = await personalizeLines(db, store, body.items);
  Object.assign(errors, personal.errors);
  lines.forEach((line, i) => {
    const values = personal.values[i];
    if (values && values.length > 0) line.personalization = values;
  });
  const first = Object.values(errors)[0]?.[0];
  if (first) throw unprocessable(first, errors);
  // Products of combo campaigns sell as sets at their bundle price (each owner's combos, the
  // store seller's and those cross-sold from other sellers).
  for (const owner of owners) await priceComboSets(db, owner, body.items, lines, products);
  const { address, problems } = checkAddress(body.shipping_address);
  const rates = await templateShippingRates(db, [...new Set(lines.map((l) => l.template_id))]);
  const priced: CheckoutLine[] = lines.map((l) => {
    const own = rates.filter((r) => r.template_id === l.template_id);
    return {
      key: String(l.template_id),
      unit_price: l.price,
      quantity: l.quantity,
      shipping: own.length > 0 ? own : DEFAULT_SHIPPING_RATES,
      campaign_id: l.campaign_id,
    };
  });
  const coupon: AppliedCoupon = body.coupon
    ? await coupons.resolve(db, store, body.coupon, { email: body.email, lines: priced })
    : { effect: { kind: 'none' }, promotionId: null };
  try {
    const totals = checkoutTotals({
      lines: priced,
      country: address.country,
      tip: body.tip_percent ?? 'none',
      fees: {
        processing_fee: fees.processingFee,
        processing_fee_min: toMinor(fees.processingFeeMin),
      },
      coupon: coupon.effect,
      currency: store.currency,
    });
    return { lines, totals, address, problems, promotionId: coupon.promotionId };
  } catch (error) {
    if (error instanceof NoShippingError) {
      throw unprocessable(error.message, { 'shipping_address.country': [error.message] });
    }
    throw error;
  }
}
