import { saleProfit } from '@printloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  bearer,
  body,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../../test/helpers.js';
import { paidOrder, storeWithCampaign } from '../../test/storefrontOrder.js';
import { ledgerBalances, ledgerBalancesFromEntries, ledgerSum } from '../sql/ledger.js';

interface Tx {
  id: number;
  type: string;
  status: string;
  amount: number;
  currency: string;
  order_number: string | null;
  description: string;
  original: { amount: number; currency: string; rate: number } | null;
}

const EUR_RATE = 1.0825;

describe.each(BACKENDS)('money of a store in another currency on %s', (backend) => {
  let t: TestApp;
  let sellerId: number;
  let seller: string;

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(seller), ...(payload ? { payload } : {}) });
  const list = async (query = '') =>
    body<{ data: Tx[] }>(await call('GET', `/seller/transactions${query}`)).data.data;
  const balance = async () =>
    body<{ available: number; pending: number; on_hold: number }>(
      await call('GET', '/seller/balance'),
    ).data;

  beforeAll(async () => {
    t = await createTestApp(backend, {
      processingFee: 4,
      processingFeeMin: 0.5,
      exchangeRates: { EUR: EUR_RATE },
    });
    sellerId = (await createUser(t.app, { email: 'euro-seller@example.test' })).id;
    seller = await login(t.app, 'euro-seller@example.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('books a EUR order in USD at the rate, keeping the euro amount and the rate', async () => {
    const sale = await storeWithCampaign(t.app, seller, 'euro-shop', 30);
    await t.app.db.query("UPDATE stores SET currency = 'EUR' WHERE slug = 'euro-shop'");
    const usdSale = await storeWithCampaign(t.app, seller, 'dollar-shop', 30);
    const euroOrder = await paidOrder(t.app, 'euro-shop', sale, 2);
    const dollarOrder = await paidOrder(t.app, 'dollar-shop', usdSale, 1);

    const [order] = await t.app.db.query<{ currency: string; discount: number }>(
      'SELECT currency, discount FROM orders WHERE id = $1',
      [euroOrder.order_id],
    );
    expect(order?.currency).toBe('EUR');
    const items = await t.app.db.query<{ price: number; base_cost: number; quantity: number }>(
      'SELECT price, base_cost, quantity FROM order_items WHERE order_id = $1',
      [euroOrder.order_id],
    );
    const euros = saleProfit(items, Number(order?.discount ?? 0), {
      processing_fee: 4,
      processing_fee_min: 50,
    }).profit;
    expect(euros).toBeGreaterThan(0);

    const [entry] = await list(`?q=${euroOrder.order_number}`);
    expect(entry).toMatchObject({
      type: 'sale',
      status: 'pending',
      currency: 'USD',
      amount: Math.round(euros * EUR_RATE),
      original: { amount: euros, currency: 'EUR', rate: EUR_RATE },
    });
    const [dollars] = await list(`?q=${dollarOrder.order_number}`);
    expect(dollars).toMatchObject({ currency: 'USD', original: null });

    // Every balance is in USD: the sum of the entries, no euro added to a dollar.
    const b = await balance();
    expect(b.pending).toBe((entry?.amount ?? 0) + (dollars?.amount ?? 0));
    expect(await ledgerSum(t.app.db, sellerId)).toBe(b.available + b.pending + b.on_hold);
    const rows = await t.app.db.query<{ currency: string }>(
      'SELECT DISTINCT currency FROM ledger_entries WHERE seller_id = $1',
      [sellerId],
    );
    expect(rows.map((r) => r.currency)).toEqual(['USD']);

    // The export shows where the dollars came from.
    const csv = (await call('GET', '/seller/transactions/export.csv')).body;
    const line = csv.split('\n').find((l) => l.includes(euroOrder.order_number)) ?? '';
    expect(line.endsWith(`,USD,${(euros / 100).toFixed(2)},EUR,${EUR_RATE}`)).toBe(true);
  });

  it('gives back exactly the dollars booked when the EUR order is cancelled', async () => {
    const sale = await storeWithCampaign(t.app, seller, 'euro-refunds', 27);
    await t.app.db.query("UPDATE stores SET currency = 'EUR' WHERE slug = 'euro-refunds'");
    const order = await paidOrder(t.app, 'euro-refunds', sale, 3);
    const before = await balance();
    const cancelled = await call('POST', `/seller/orders/${order.order_id}/status`, {
      status: 'cancelled',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const entries = await list(`?q=${order.order_number}`);
    const booked = entries.find((e) => e.type === 'sale');
    const refund = entries.find((e) => e.type === 'refund');
    expect(refund?.amount).toBe(-(booked?.amount ?? 0));
    expect(refund?.currency).toBe('USD');
    expect((await balance()).pending).toBe(before.pending - (booked?.amount ?? 0));
    const now = new Date();
    expect(await ledgerBalancesFromEntries(t.app.db, sellerId, now)).toEqual(
      await ledgerBalances(t.app.db, sellerId, now),
    );
  });

  it('refuses a checkout in a currency the platform has no rate for, before any payment', async () => {
    const sale = await storeWithCampaign(t.app, seller, 'pound-shop', 30);
    await t.app.db.query("UPDATE stores SET currency = 'GBP' WHERE slug = 'pound-shop'");
    const before = await ledgerSum(t.app.db, sellerId);
    await expect(paidOrder(t.app, 'pound-shop', sale)).rejects.toThrow(
      'This store cannot take orders in GBP yet: the platform has no exchange rate for it.',
    );
    expect(await ledgerSum(t.app.db, sellerId)).toBe(before);
  });
});
