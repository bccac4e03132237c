// Benchmark of the customers list and the orders list's name search at BENCH_ORDERS orders of
// one seller (default 1,000,000 on Postgres with DATABASE_URL, own schema; 100,000 on PGlite),
// through fastify.inject (no sockets), before and after in the same run on the same data:
//   1. GET /seller/customers (sorts, a page far in, a store, searches): p50/p99 now, and the
//      database time of the grouping the list used to run on every read (BENCH_BEFORE_RUNS runs),
//   2. the orders name search: the database time of the trigram ILIKE it used to run (its index
//      is built for the comparison) and of the word search now, and GET /seller/orders?q=<name>,
//   3. what the customers trigger adds to an order insert (BENCH_WRITES single-row inserts of one
//      buyer with and without it), and the backfill of migration 054 at this size.
// Orders are written with the trigger off and the table filled from customer_totals, as the
// migration does. Runs the built server: `npm run bench:customers -w @printloom/server`.
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { hash } from '@node-rs/argon2';
import { buildApp, dropPgSchema, jobsSchemaFor } from '../dist/index.js';
import { insertUser } from '../dist/sql/users.js';

const PG = Boolean(process.env.DATABASE_URL);
const ORDERS = Number(process.env.BENCH_ORDERS ?? (PG ? 1_000_000 : 100_000));
const REQUESTS = Number(process.env.BENCH_LIST_REQUESTS ?? 100);
const BEFORE_RUNS = Number(process.env.BENCH_BEFORE_RUNS ?? 3);
const WRITES = Number(process.env.BENCH_WRITES ?? 1000);
/** Buyers: orders cycle over them, so a fifth of the buyers have two orders. */
const BUYERS = Math.round(ORDERS * 0.8);

const json = (response) => JSON.parse(response.body);
const bearer = (token) => ({ authorization: `Bearer ${token}` });
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const load = () => execSync('uptime').toString().trim();

async function timed(runs, once) {
  const times = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await once(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return `p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms (${runs} runs)`;
}

async function setup() {
  const schema = PG ? `bench_${randomBytes(4).toString('hex')}` : undefined;
  const app = await buildApp({
    secret: 'bench',
    authRateLimit: 1_000_000,
    ...(schema ? { databaseUrl: process.env.DATABASE_URL, dbSchema: schema } : {}),
  });
  const user = await insertUser(app.db, {
    name: 'Bench',
    email: 'customers-bench@example.test',
    passwordHash: await hash('bench-password'),
  });
  const login = await app.inject({
    method: 'POST',
    url: '/auth/seller/login',
    payload: { email: 'customers-bench@example.test', password: 'bench-password' },
  });
  return { app, schema, sellerId: user.id, token: json(login).data.access_token };
}

async function growOrders(app, sellerId, stores) {
  await app.db.query('ALTER TABLE orders DISABLE TRIGGER orders_customers_insert_delete');
  await app.db.query(
    `INSERT INTO orders (seller_id, store_id, order_number, order_type, status, payment_status,
       fulfillment_status, email, customer_name, shipping_address, currency, subtotal, shipping,
       discount, tip, processing_fee, total, created_at)
     SELECT $1, ($4::bigint[])[1 + g % 3], 'PB' || g,
       (ARRAY['regular','fulfillment','custom','fba'])[1 + g % 4],
       (ARRAY['processing','completed','on_hold','cancelled','designing'])[1 + g % 5],
       (ARRAY['paid','paid','paid','refunded','paid'])[1 + g % 5],
       (ARRAY['unfulfilled','fulfilled','on_hold','cancelled','designing'])[1 + g % 5],
       'buyer' || (g % $3) || '@example.test', 'Buyer ' || (g % $3),
       '{"name":"Buyer","line1":"1 Main St","city":"Springfield","state":"IL","postcode":"62701","country":"US"}',
       'USD', 2000 + g % 5000, 500, 0, 0, 0, 2500 + g % 5000,
       now() - ((g % 172800) || ' minutes')::interval
     FROM generate_series(1, $2::int) g`,
    [sellerId, ORDERS, BUYERS, [null, ...stores]],
  );
  const start = performance.now();
  await app.db.query(
    `INSERT INTO customers (seller_id, store_scope, email, currency, name, country, orders_count,
       total_spent, first_order_at, last_order_at, last_order_id)
     SELECT seller_id, store_scope, email, currency, name, country, orders_count, total_spent,
       first_order_at, last_order_at, last_order_id
     FROM customer_totals WHERE seller_id = $1`,
    [sellerId],
  );
  const backfill = (performance.now() - start) / 1000;
  await app.db.query('ALTER TABLE orders ENABLE TRIGGER orders_customers_insert_delete');
  await app.db.query('VACUUM ANALYZE orders');
  await app.db.query('VACUUM ANALYZE customers');
  return backfill;
}

/** The grouping GET /seller/customers ran on every read before migration 054 (first page). */
const BEFORE_GROUPED = `SELECT c.* FROM (SELECT lower(o.email) AS email, o.currency,
      (array_agg(o.customer_name ORDER BY o.created_at DESC, o.id DESC))[1] AS name,
      (array_agg(o.shipping_address->>'country' ORDER BY o.created_at DESC, o.id DESC))[1] AS country,
      count(*)::int AS orders_count,
      COALESCE(sum(o.total) FILTER (WHERE o.payment_status = ANY('{paid,partially_paid,partially_refunded}'::text[])), 0)::bigint AS total_spent,
      min(o.created_at) AS first_order_at, max(o.created_at) AS last_order_at
    FROM orders o WHERE o.seller_id = $1 AND o.status <> 'deleted'
    GROUP BY lower(o.email), o.currency) c`;

const CUSTOMER_URLS = [
  '',
  '?order_by=orders_count:desc',
  '?order_by=total_spent:asc',
  '?order_by=email:asc',
  '?page=50',
  '?store_id={store}',
  '?store_id={store}&order_by=total_spent:desc',
  '?q=buyer4242@example.test',
  '?q=Buyer 12345',
  '?q=zzz-nobody',
];

async function main() {
  const env = await setup();
  const { app, token, sellerId } = env;
  const stores = [];
  for (const name of ['Bench A', 'Bench B']) {
    const [row] = await app.db.query(
      'INSERT INTO stores (seller_id, name) VALUES ($1, $2) RETURNING id',
      [sellerId, name],
    );
    stores.push(Number(row.id));
  }
  const started = performance.now();
  const backfill = await growOrders(app, sellerId, stores);
  const [counted] = await app.db.query('SELECT count(*)::int AS n FROM customers');
  console.log(
    `${PG ? 'Postgres' : 'PGlite'}: ${ORDERS} orders, ${BUYERS} buyers (${counted.n} customers rows with store rows) written in ${((performance.now() - started) / 1000).toFixed(1)} s; backfill from customer_totals ${backfill.toFixed(1)} s`,
  );
  console.log(`load: ${load()}`);

  console.log('\nCustomers list');
  const beforePage = await timed(BEFORE_RUNS, () =>
    app.db.query(
      `${BEFORE_GROUPED} ORDER BY c.last_order_at DESC, c.email DESC, c.currency DESC LIMIT 20`,
      [sellerId],
    ),
  );
  console.log(`before: grouped first page (database) ${beforePage}`);
  const beforeCount = await timed(BEFORE_RUNS, () =>
    app.db.query(`SELECT count(*)::int FROM (${BEFORE_GROUPED} LIMIT 1001) capped`, [sellerId]),
  );
  console.log(`before: grouped capped count (database) ${beforeCount}`);
  for (const query of CUSTOMER_URLS) {
    const url = `/seller/customers${query.replace('{store}', String(stores[0]))}`;
    const figure = await timed(REQUESTS, async () => {
      const response = await app.inject({ method: 'GET', url, headers: bearer(token) });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.body}`);
    });
    console.log(`now: GET ${url.padEnd(60)} ${figure}`);
  }

  console.log('\nOrders name search');
  const name = 'Buyer 12345';
  await app.db.query(
    'CREATE INDEX bench_orders_customer_name_trgm ON orders USING gin (customer_name gin_trgm_ops)',
  );
  await app.db.query('ANALYZE orders');
  const beforeSearch = await timed(REQUESTS, () =>
    app.db.query(
      "SELECT id FROM orders WHERE seller_id = $1 AND customer_name ILIKE '%' || $2 || '%'",
      [sellerId, name],
    ),
  );
  console.log(`before: trigram ILIKE '%${name}%' (database) ${beforeSearch}`);
  await app.db.query('DROP INDEX bench_orders_customer_name_trgm');
  const nowSearch = await timed(REQUESTS, () =>
    app.db.query("SELECT order_ids_by_name($1, $3, '%' || $2 || '%') AS id", [
      sellerId,
      name,
      "'buyer' & '12345':*",
    ]),
  );
  console.log(`now: word search '${name}' (database) ${nowSearch}`);
  for (const q of [name, 'Buyer 777', 'buyer4242@example.test', 'PB777777']) {
    const url = `/seller/orders?q=${encodeURIComponent(q)}`;
    const figure = await timed(REQUESTS, async () => {
      const response = await app.inject({ method: 'GET', url, headers: bearer(token) });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.body}`);
    });
    console.log(`now: GET ${url.padEnd(60)} ${figure}`);
  }

  console.log('\nOrder writes');
  const insertOne = (i) =>
    app.db.query(
      `INSERT INTO orders (seller_id, store_id, order_number, email, customer_name,
         shipping_address, currency, subtotal, shipping, discount, tip, processing_fee, total,
         payment_status)
       VALUES ($1, $2, 'PW' || $3, 'buyer4242@example.test', 'Buyer 4242', '{"country":"US"}',
         'USD', 2000, 500, 0, 0, 0, 2500, 'paid')`,
      [sellerId, stores[0], `${i}-${randomBytes(3).toString('hex')}`],
    );
  await app.db.query('ALTER TABLE orders DISABLE TRIGGER orders_customers_insert_delete');
  const without = await timed(WRITES, insertOne);
  await app.db.query('ALTER TABLE orders ENABLE TRIGGER orders_customers_insert_delete');
  const withTrigger = await timed(WRITES, insertOne);
  console.log(`insert one order without the customers trigger: ${without}`);
  console.log(`insert one order with it (buyer rows re-read and written): ${withTrigger}`);
  console.log(`load: ${load()}`);

  await app.close();
  if (env.schema) {
    await dropPgSchema(process.env.DATABASE_URL, env.schema);
    await dropPgSchema(process.env.DATABASE_URL, jobsSchemaFor(env.schema));
  }
}

await main();
