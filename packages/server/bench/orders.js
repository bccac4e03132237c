// Benchmark of the orders list and its CSV export through fastify.inject (no sockets):
//   1. p50/p99 of GET /seller/orders across filter combinations for a seller with
//      BENCH_ORDERS orders (default 1,000,000) on real Postgres (DATABASE_URL, own schema),
//      or on PGlite when DATABASE_URL is unset (default 100,000 there),
//   2. in the same run, on the same data, the database time of the capped count of a few filter
//      combinations counted up to 10,000 (before) and up to 1,000 (now, LARGE_LIST_COUNT_CAP),
//   3. GET /seller/orders/export.csv of BENCH_EXPORT_ORDERS (default 100,000) orders: time and
//      the process's peak RSS while it streams.
// Orders (one item each, a shipment with a tracking number for the fulfilled ones) are written
// with INSERT ... SELECT generate_series.
// Runs the built server (dist): `npm run build -w @printloom/server && node bench/orders.js`.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { hash } from '@node-rs/argon2';
import { LARGE_LIST_COUNT_CAP } from '@printloom/core';
import { buildApp, dropPgSchema, jobsSchemaFor } from '../dist/index.js';
import { insertUser } from '../dist/sql/users.js';

const PG = Boolean(process.env.DATABASE_URL);
const ORDERS = Number(process.env.BENCH_ORDERS ?? (PG ? 1_000_000 : 100_000));
const EXPORT_ORDERS = Number(process.env.BENCH_EXPORT_ORDERS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_LIST_REQUESTS ?? 100);

const json = (response) => JSON.parse(response.body);
const bearer = (token) => ({ authorization: `Bearer ${token}` });
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function setup() {
  const schema = PG ? `bench_${randomBytes(4).toString('hex')}` : undefined;
  const app = await buildApp({
    secret: 'bench',
    authRateLimit: 1_000_000,
    ...(schema ? { databaseUrl: process.env.DATABASE_URL, dbSchema: schema } : {}),
  });
  const user = await insertUser(app.db, {
    name: 'Bench',
    email: 'orders-bench@example.test',
    passwordHash: await hash('bench-password'),
  });
  const login = await app.inject({
    method: 'POST',
    url: '/auth/seller/login',
    payload: { email: 'orders-bench@example.test', password: 'bench-password' },
  });
  return { app, schema, sellerId: user.id, token: json(login).data.access_token };
}

/** Orders spread over the statuses, payment and fulfillment statuses, types and 120 days. */
async function growOrders(app, sellerId, from, to) {
  await app.db.query(
    `INSERT INTO orders (seller_id, order_number, order_type, status, payment_status,
       fulfillment_status, email, customer_name, shipping_address, currency, subtotal, shipping,
       discount, tip, processing_fee, total, created_at)
     SELECT $1, 'PB' || g, (ARRAY['regular','fulfillment','custom','fba'])[1 + g % 4],
       (ARRAY['processing','completed','on_hold','cancelled','designing'])[1 + g % 5],
       (ARRAY['paid','paid','paid','refunded','paid'])[1 + g % 5],
       (ARRAY['unfulfilled','fulfilled','on_hold','cancelled','designing'])[1 + g % 5],
       'buyer' || g || '@example.test', 'Buyer ' || g,
       '{"name":"Buyer","line1":"1 Main St","city":"Springfield","state":"IL","postcode":"62701","country":"US"}',
       'USD', 2000 + g % 5000, 500, 0, 0, 0, 2500 + g % 5000,
       now() - ((g % 172800) || ' minutes')::interval
     FROM generate_series($2::int, $3::int) g`,
    [sellerId, from, to],
  );
  await app.db.query(
    `INSERT INTO order_items (order_id, seller_id, name, color, size, quantity, price, base_cost)
     SELECT id, seller_id, 'Tee', 'Black', 'M', 1, 2000, 900 FROM orders
      WHERE seller_id = $1 AND order_number >= 'PB' AND id > $2`,
    [sellerId, await maxItemOrder(app)],
  );
  await app.db.query(
    `INSERT INTO order_shipments (order_id, seller_id, item_ids, carrier, tracking_number)
     SELECT id, seller_id, '{}', 'UPS', '1ZB' || id FROM orders
      WHERE seller_id = $1 AND fulfillment_status = 'fulfilled'`,
    [sellerId],
  );
  await app.db.query('VACUUM ANALYZE orders');
  await app.db.query('VACUUM ANALYZE order_items');
  await app.db.query('VACUUM ANALYZE order_shipments');
}

async function maxItemOrder(app) {
  const [row] = await app.db.query(
    'SELECT coalesce(max(order_id), 0)::bigint AS id FROM order_items',
  );
  return Number(row.id);
}

async function timed(requests, once) {
  const times = [];
  for (let i = 0; i < requests; i += 1) {
    const start = performance.now();
    await once(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return `p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`;
}

const FILTERS = [
  '',
  '?status=on_hold',
  '?payment_status=refunded&type=fulfillment',
  '?fulfillment_status=designing&time=last_30_days',
  '?time=last_7_days&order_by=total:desc',
  '?q=buyer4242@example.test',
  '?q=PB777777',
  '?q=Buyer 12345',
  '?q=1ZB{fulfilled}',
  '?status=completed&page=50',
  '?status=cancelled&type=regular&time=last_month',
  '?payment_status=paid&fulfillment_status=unfulfilled&order_by=created_at:asc',
];

/** Combinations whose capped count is timed at 10,000 (before) and 1,000 (now). */
const COUNTED = [
  ['payment + type', "payment_status = 'refunded' AND order_type = 'fulfillment'"],
  [
    'fulfillment + last 30 days',
    "fulfillment_status = 'designing' AND created_at >= now() - interval '30 days'",
  ],
  [
    'status + type + a month',
    "status = 'cancelled' AND order_type = 'regular' AND created_at >= now() - interval '60 days' AND created_at < now() - interval '30 days'",
  ],
];

async function main() {
  const env = await setup();
  const { app, token, sellerId } = env;
  const started = performance.now();
  await growOrders(app, sellerId, 1, ORDERS);
  console.log(
    `${PG ? 'Postgres' : 'PGlite'}: ${ORDERS} orders written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const [fulfilled] = await app.db.query(
    `SELECT id FROM orders WHERE seller_id = $1 AND fulfillment_status = 'fulfilled'
      ORDER BY id DESC OFFSET 777 LIMIT 1`,
    [sellerId],
  );
  for (const filter of FILTERS) {
    const url = `/seller/orders${filter.replace('{fulfilled}', String(fulfilled?.id ?? 0))}`;
    const figure = await timed(REQUESTS, async () => {
      const response = await app.inject({ method: 'GET', url, headers: bearer(token) });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.body}`);
    });
    console.log(`GET ${url.padEnd(62)} ${figure}`);
  }
  for (const [label, where] of COUNTED) {
    const count = (cap) => () =>
      app.db.query(
        `SELECT count(*)::int FROM (SELECT 1 FROM orders WHERE seller_id = $1 AND ${where} LIMIT $2) c`,
        [sellerId, cap + 1],
      );
    const before = await timed(REQUESTS, count(10_000));
    const now = await timed(REQUESTS, count(LARGE_LIST_COUNT_CAP));
    console.log(
      `count ${label}: up to 10,000 (before) ${before}; up to ${LARGE_LIST_COUNT_CAP} (now) ${now}`,
    );
  }
  // The export: the newest EXPORT_ORDERS orders through a time range that holds them.
  const [edge] = await app.db.query(
    `SELECT created_at FROM orders WHERE seller_id = $1 ORDER BY created_at DESC, id DESC
      OFFSET $2 LIMIT 1`,
    [sellerId, EXPORT_ORDERS - 1],
  );
  const from = new Date(edge?.created_at ?? 0).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const before = process.memoryUsage().rss;
  const start = performance.now();
  const response = await app.inject({
    method: 'GET',
    url: `/seller/orders/export.csv?time=custom&from=${from}&to=${to}`,
    headers: bearer(token),
    payloadAsStream: true,
  });
  let lines = 0;
  for await (const chunk of response.stream()) {
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  clearInterval(sampler);
  const mb = (n) => (n / 1024 / 1024).toFixed(0);
  console.log(
    `export.csv: ${lines - 1} orders in ${((performance.now() - start) / 1000).toFixed(1)} s, RSS ${mb(before)} MB before, peak ${mb(peak)} MB`,
  );
  await app.close();
  if (env.schema) {
    await dropPgSchema(process.env.DATABASE_URL, env.schema);
    await dropPgSchema(process.env.DATABASE_URL, jobsSchemaFor(env.schema));
  }
}

await main();
