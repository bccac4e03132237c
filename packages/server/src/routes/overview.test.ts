import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  bearer,
  body,
  campaignOf,
  createTestApp,
  createUser,
  login,
  memberSession,
  type TestApp,
} from '../../test/helpers.js';

interface Figures {
  sales: number;
  orders: number;
  items: number;
  profit: number;
  visits: number;
  conversion_rate: number | null;
  average_order_value: number | null;
}
interface OverviewAnswer {
  granularity: string;
  range: { from_date: string; to_date: string };
  previous_range: { from_date: string; to_date: string };
  current: Figures;
  previous: Figures;
  series: { bucket: string; sales: number; orders: number }[];
  top_campaigns: { campaign_id: number | null; sales: number; items: number; orders: number }[];
  top_stores: { store_id: number | null; name: string; sales: number; orders: number }[];
  top_countries: { country: string; sales: number; orders: number }[];
}

interface GeneratedOrder {
  number: string;
  seller: 'mine' | 'other';
  store: number;
  paidAt: number;
  type: string;
  status: string;
  country: string;
  total: number;
  profit: number;
  items: { campaign: number; quantity: number; price: number }[];
}

/** Deterministic numbers (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const START = Date.parse('2026-08-01T00:00:00Z');
const SPAN = 92 * 86_400_000;
const COUNTRIES = ['US', 'DE', 'VN', 'CA', 'AU'];
const STATUSES = [
  'processing',
  'processing',
  'processing',
  'completed',
  'on_hold',
  'cancelled',
  'refunded',
];
/** Paid 05:30 UTC on 20 October: the 19th at UTC−8, the 20th at UTC+7. */
const EDGE_PAID_AT = Date.parse('2026-10-20T05:30:00Z');

/** What the overview should say, summed straight from the generated orders. */
function expected(
  orders: readonly GeneratedOrder[],
  visits: readonly { day: string; store: number; visits: number }[],
  offset: number,
  fromDate: string,
  toDate: string,
  store?: number,
) {
  const dayOf = (ms: number) => new Date(ms + offset * 3_600_000).toISOString().slice(0, 10);
  const counted = orders.filter(
    (o) =>
      o.seller === 'mine' &&
      o.type === 'regular' &&
      !['cancelled', 'refunded', 'deleted'].includes(o.status) &&
      (store === undefined || o.store === store) &&
      dayOf(o.paidAt) >= fromDate &&
      dayOf(o.paidAt) <= toDate,
  );
  const byDay = new Map<string, { sales: number; orders: number }>();
  for (const o of counted) {
    const day = dayOf(o.paidAt);
    const point = byDay.get(day) ?? { sales: 0, orders: 0 };
    point.sales += o.total;
    point.orders += 1;
    byDay.set(day, point);
  }
  return {
    sales: counted.reduce((sum, o) => sum + o.total, 0),
    orders: counted.length,
    items: counted.reduce((sum, o) => sum + o.items.reduce((n, i) => n + i.quantity, 0), 0),
    profit: counted.reduce((sum, o) => sum + o.profit, 0),
    visits: visits
      .filter(
        (v) => v.day >= fromDate && v.day <= toDate && (store === undefined || v.store === store),
      )
      .reduce((sum, v) => sum + v.visits, 0),
    byDay,
  };
}

describe.each(BACKENDS)('seller overview on %s', (backend) => {
  let t: TestApp;
  let sellerId: number;
  let seller: string;
  let stores: number[];
  let campaigns: number[];
  const orders: GeneratedOrder[] = [];
  const visits: { day: string; store: number; visits: number }[] = [];

  const overview = async (query: string, as = seller) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/seller/overview${query}`,
      headers: bearer(as),
    });
    expect(response.statusCode, response.body).toBe(200);
    return body<OverviewAnswer>(response).data;
  };
  const setOffset = (offset: number) =>
    t.app.db.query('UPDATE users SET utc_offset = $2 WHERE id = $1', [sellerId, offset]);

  beforeAll(async () => {
    t = await createTestApp(backend);
    sellerId = (await createUser(t.app, { email: 'overview@example.test' })).id;
    const otherId = (await createUser(t.app, { email: 'overview-other@example.test' })).id;
    seller = await login(t.app, 'overview@example.test');
    stores = [];
    for (const name of ['North', 'South']) {
      const made = await t.app.inject({
        method: 'POST',
        url: '/seller/stores',
        headers: bearer(seller),
        payload: { name },
      });
      expect(made.statusCode, made.body).toBe(200);
      stores.push(body<{ id: number }>(made).data.id);
    }
    campaigns = [];
    for (const name of ['Moon Tee', 'Star Mug', 'Comet Tote']) {
      campaigns.push((await campaignOf(t.app, seller, name)).id);
    }

    const next = random(20261127);
    for (let i = 0; i < 10_000; i++) {
      const items = Array.from({ length: 1 + Math.floor(next() * 3) }, () => ({
        campaign: campaigns[Math.floor(next() * campaigns.length)] as number,
        quantity: 1 + Math.floor(next() * 3),
        price: 1500 + Math.floor(next() * 3000),
      }));
      const subtotal = items.reduce((sum, item) => sum + item.price * item.quantity, 0);
      const edge = i === 0;
      orders.push({
        number: `OV${100000 + i}`,
        seller: next() < 0.05 && !edge ? 'other' : 'mine',
        store: stores[Math.floor(next() * stores.length)] as number,
        paidAt: edge ? EDGE_PAID_AT : START + Math.floor(next() * SPAN),
        type: next() < 0.05 && !edge ? 'fulfillment' : 'regular',
        status: edge ? 'processing' : (STATUSES[Math.floor(next() * STATUSES.length)] as string),
        country: COUNTRIES[Math.floor(next() * COUNTRIES.length)] as string,
        total: subtotal + 475,
        profit: Math.floor(subtotal * 0.4),
        items,
      });
    }
    for (let day = 0; day < 92; day++) {
      for (const store of stores) {
        visits.push({
          day: new Date(START + day * 86_400_000).toISOString().slice(0, 10),
          store,
          visits: Math.floor(next() * 400),
        });
      }
    }

    // Written in a few statements from JSON, the way a fixture loads (the API has no bulk door).
    for (let i = 0; i < orders.length; i += 2500) {
      const batch = orders.slice(i, i + 2500);
      const ids = await t.app.db.query<{ id: number; order_number: string }>(
        `INSERT INTO orders (seller_id, store_id, order_number, order_type, status, payment_status,
           email, shipping_address, currency, subtotal, shipping, discount, tip, processing_fee,
           total, paid_at, created_at)
         SELECT CASE WHEN r.mine THEN $2::bigint ELSE $3::bigint END,
           CASE WHEN r.mine THEN r.store ELSE NULL END, r.number, r.type, r.status, 'paid',
           'buyer@example.test', jsonb_build_object('country', r.country), 'USD', r.total - 475,
           475, 0, 0, 0, r.total, r.paid_at, r.paid_at
         FROM jsonb_to_recordset($1::jsonb) AS r(mine boolean, store bigint, number text,
           type text, status text, country text, total bigint, paid_at timestamptz)
         RETURNING id, order_number`,
        [
          JSON.stringify(
            batch.map((o) => ({
              mine: o.seller === 'mine',
              store: o.store,
              number: o.number,
              type: o.type,
              status: o.status,
              country: o.country,
              total: o.total,
              paid_at: new Date(o.paidAt).toISOString(),
            })),
          ),
          sellerId,
          otherId,
        ],
      );
      const idOf = new Map(ids.map((row) => [row.order_number, Number(row.id)]));
      const lines = batch.flatMap((o) =>
        o.seller === 'mine' ? o.items.map((item) => ({ order: idOf.get(o.number), ...item })) : [],
      );
      await t.app.db.query(
        `INSERT INTO order_items (order_id, seller_id, campaign_id, name, color, size, quantity,
           price, base_cost)
         SELECT r.order_id, $2, r.campaign, 'Item', 'Black', 'M', r.quantity, r.price, 900
         FROM jsonb_to_recordset($1::jsonb) AS r(order_id bigint, campaign bigint, quantity int, price bigint)`,
        [
          JSON.stringify(
            lines.map((l) => ({
              order_id: l.order,
              campaign: l.campaign,
              quantity: l.quantity,
              price: l.price,
            })),
          ),
          sellerId,
        ],
      );
      await t.app.db.query(
        `INSERT INTO ledger_entries (seller_id, type, status, amount, currency, idempotency_key, order_id)
         SELECT $2, 'sale', 'pending', r.profit, 'USD', 'sale:' || r.order_id, r.order_id
         FROM jsonb_to_recordset($1::jsonb) AS r(order_id bigint, profit bigint)`,
        [
          JSON.stringify(
            batch
              .filter((o) => o.seller === 'mine')
              .map((o) => ({ order_id: idOf.get(o.number), profit: o.profit })),
          ),
          sellerId,
        ],
      );
    }
    await t.app.db.query(
      `INSERT INTO storefront_tracks (campaign_id, store_id, seller_id, day, visits)
       SELECT $2, r.store, $3, r.day, r.visits
       FROM jsonb_to_recordset($1::jsonb) AS r(store bigint, day date, visits int)`,
      [JSON.stringify(visits), campaigns[0], sellerId],
    );
  }, 240_000);
  afterAll(() => t.close());

  it.each([-8, 7])(
    'equals an independent sum over 10,000 orders at a UTC offset of %d hours',
    async (offset) => {
      await setOffset(offset);
      const from = '2026-09-15';
      const to = '2026-10-14';
      const answer = await overview(`?time=custom&from=${from}&to=${to}`);
      const want = expected(orders, visits, offset, from, to);
      expect(answer.range).toMatchObject({ from_date: from, to_date: to });
      expect(answer.current).toMatchObject({
        sales: want.sales,
        orders: want.orders,
        items: want.items,
        profit: want.profit,
        visits: want.visits,
        average_order_value: Math.round(want.sales / want.orders),
      });
      expect(answer.current.conversion_rate).toBeCloseTo(want.orders / want.visits, 10);
      expect(answer.previous_range).toMatchObject({
        from_date: '2026-08-16',
        to_date: '2026-09-14',
      });
      const before = expected(orders, visits, offset, '2026-08-16', '2026-09-14');
      expect(answer.previous).toMatchObject({ sales: before.sales, orders: before.orders });

      expect(answer.series).toHaveLength(30);
      for (const point of answer.series) {
        expect(point, point.bucket).toEqual({
          bucket: point.bucket,
          ...(want.byDay.get(point.bucket) ?? { sales: 0, orders: 0 }),
        });
      }
      const storeSales = answer.top_stores.reduce((sum, s) => sum + s.sales, 0);
      expect(storeSales).toBe(want.sales);
      const countrySales = answer.top_countries.reduce((sum, c) => sum + c.sales, 0);
      expect(countrySales).toBe(want.sales);
      expect(answer.top_campaigns.map((c) => c.campaign_id).sort()).toEqual([...campaigns].sort());
    },
  );

  it('shows the same order on each seller’s own local day', async () => {
    const edge = orders[0] as GeneratedOrder;
    await setOffset(-8);
    const west = await overview('?time=custom&from=2026-10-19&to=2026-10-20');
    await setOffset(7);
    const east = await overview('?time=custom&from=2026-10-19&to=2026-10-20');
    const counts = (a: OverviewAnswer) =>
      Object.fromEntries(a.series.map((p) => [p.bucket, p.orders]));
    const wantWest = expected(orders, visits, -8, '2026-10-19', '2026-10-20').byDay;
    const wantEast = expected(orders, visits, 7, '2026-10-19', '2026-10-20').byDay;
    expect(counts(west)).toEqual({
      '2026-10-19': wantWest.get('2026-10-19')?.orders ?? 0,
      '2026-10-20': wantWest.get('2026-10-20')?.orders ?? 0,
    });
    expect(counts(east)).toEqual({
      '2026-10-19': wantEast.get('2026-10-19')?.orders ?? 0,
      '2026-10-20': wantEast.get('2026-10-20')?.orders ?? 0,
    });
    // The edge order itself, paid 05:30 UTC: 12:00 on the 20th at UTC+7.
    const one = await overview('?time=custom&from=2026-10-20&to=2026-10-20');
    expect(one.granularity).toBe('hour');
    expect(one.series).toHaveLength(24);
    expect(one.series.find((p) => p.bucket === '2026-10-20 12:00')?.orders).toBeGreaterThan(0);
    expect(edge.paidAt).toBe(EDGE_PAID_AT);
  });

  it('filters by store, and keeps the figures of a store the session may not use out of reach', async () => {
    await setOffset(0);
    const north = stores[0] as number;
    const answer = await overview(`?time=custom&from=2026-09-01&to=2026-09-30&store_id=${north}`);
    const want = expected(orders, visits, 0, '2026-09-01', '2026-09-30', north);
    expect(answer.current).toMatchObject({
      sales: want.sales,
      orders: want.orders,
      visits: want.visits,
    });
    expect(answer.top_stores.map((s) => s.store_id)).toEqual([north]);

    const stranger = await t.app.inject({
      method: 'GET',
      url: `/seller/overview?store_id=${north}`,
      headers: bearer(await login(t.app, 'overview-other@example.test')),
    });
    expect(stranger.statusCode).toBe(404);
    const noReports = await memberSession(t.app, sellerId, 'overview-staff@example.test', [
      'get_orders',
    ]);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/seller/overview',
      headers: bearer(noReports),
    });
    expect(refused.statusCode).toBe(403);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/seller/overview?time=custom&from=2026-10-01',
      headers: bearer(seller),
    });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong).errors?.to).toEqual(['Choose an end date']);
  });
});
