// Benchmark of the money ledger through fastify.inject (no sockets): p50/p99 latency of
// GET /seller/balance (stored total, pending hours) and GET /seller/transactions (first page,
// filtered by type and by status) for one seller with many entries, on real Postgres when
// DATABASE_URL is set (own schema, dropped after), else on PGlite. In the same run, on the same
// data, the database time of the pending balance as it was summed before (every entry of the
// hold window) against the per-hour rows it reads now.
// Sizes: BENCH_LEDGER_ENTRIES (comma-separated, grown in turn); requests: BENCH_LEDGER_REQUESTS.
// BENCH_LEDGER_KEEP=1 keeps the Postgres schema (printed) to EXPLAIN ANALYZE the queries by hand.
// Runs the built server (dist): `npm run bench:ledger -w @printloom/server` builds it first.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { hash } from '@node-rs/argon2';
import { buildApp, dropPgSchema, jobsSchemaFor } from '../dist/index.js';
import { ledgerBalances } from '../dist/sql/ledger.js';
import { insertUser } from '../dist/sql/users.js';

const SIZES = (process.env.BENCH_LEDGER_ENTRIES ?? '100000,1000000').split(',').map(Number);
const REQUESTS = Number(process.env.BENCH_LEDGER_REQUESTS ?? 200);
const bearer = (token) => ({ authorization: `Bearer ${token}` });
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function timeRequests(app, token, url) {
  const times = [];
  for (let i = 0; i < REQUESTS; i += 1) {
    const start = performance.now();
    const response = await app.inject({ method: 'GET', url, headers: bearer(token) });
    times.push(performance.now() - start);
    if (response.statusCode !== 200)
      throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50).toFixed(1), p99: percentile(times, 99).toFixed(1) };
}

async function timeQuery(once) {
  const times = [];
  for (let i = 0; i < REQUESTS; i += 1) {
    const start = performance.now();
    await once();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50).toFixed(2), p99: percentile(times, 99).toFixed(2) };
}

async function main() {
  const backend = process.env.DATABASE_URL ? 'pg' : 'pglite';
  const schema = backend === 'pg' ? `bench_${randomBytes(4).toString('hex')}` : undefined;
  const app = await buildApp({
    secret: 'bench',
    authRateLimit: 1_000_000,
    ...(schema ? { databaseUrl: process.env.DATABASE_URL, dbSchema: schema } : {}),
  });
  try {
    const user = await insertUser(app.db, {
      name: 'Bench',
      email: 'ledger-bench@example.test',
      passwordHash: await hash('bench-password'),
    });
    const login = await app.inject({
      method: 'POST',
      url: '/auth/seller/login',
      payload: { email: 'ledger-bench@example.test', password: 'bench-password' },
    });
    const token = JSON.parse(login.body).data.access_token;
    let have = 0;
    console.log(`ledger on ${backend}: ${REQUESTS} requests each`);
    for (const size of SIZES) {
      const started = performance.now();
      // Sales a day apart over the past years (the last 14 days still pending), one fee in ten.
      await app.db.query(
        `INSERT INTO ledger_entries (seller_id, type, status, amount, currency, description,
           idempotency_key, available_at, created_at)
         SELECT $1, CASE WHEN g % 10 = 0 THEN 'fee' ELSE 'sale' END,
           CASE WHEN g % 10 = 0 THEN 'completed' ELSE 'pending' END,
           CASE WHEN g % 10 = 0 THEN -50 ELSE 1000 + g % 500 END, 'USD', 'Bench entry ' || g,
           'bench:' || g,
           now() - make_interval(secs => ($3 - g) * 60) + interval '14 days',
           now() - make_interval(secs => ($3 - g) * 60)
         FROM generate_series($2::int + 1, $3::int) AS g`,
        [user.id, have, size],
      );
      // The running total the server keeps with every entry it books.
      await app.db.query(
        `INSERT INTO seller_balances (seller_id, account, total)
         SELECT $1, 'default', coalesce(sum(amount), 0) FROM ledger_entries WHERE seller_id = $1
         ON CONFLICT (seller_id, account) DO UPDATE SET total = EXCLUDED.total`,
        [user.id],
      );
      // The pending amounts per hour the server keeps with every entry it books.
      await app.db.query(
        `INSERT INTO ledger_pending_hours (seller_id, account, hour, amount)
         SELECT seller_id, account,
           date_bin('1 hour', available_at, timestamptz '2000-01-01 00:00:00+00'), sum(amount)
         FROM ledger_entries WHERE seller_id = $1 AND status <> 'on hold' GROUP BY 1, 2, 3
         ON CONFLICT (seller_id, account, hour) DO UPDATE SET amount = EXCLUDED.amount`,
        [user.id],
      );
      // Autovacuum's steady state: the visibility map lets the bucket sums read the index only.
      await app.db.query('VACUUM ANALYZE ledger_entries');
      have = size;
      const filled = ((performance.now() - started) / 1000).toFixed(1);
      const balance = await timeRequests(app, token, '/seller/balance');
      const list = await timeRequests(app, token, '/seller/transactions');
      const fees = await timeRequests(app, token, '/seller/transactions?type=fee');
      const pending = await timeRequests(app, token, '/seller/transactions?status=pending');
      const completed = await timeRequests(app, token, '/seller/transactions?status=completed');
      console.log(
        `${size} entries (filled in ${filled} s): balance p50 ${balance.p50} ms p99 ${balance.p99} ms; ` +
          `transactions p50 ${list.p50} ms p99 ${list.p99} ms; type=fee p50 ${fees.p50} ms p99 ${fees.p99} ms; ` +
          `status=pending p50 ${pending.p50} ms p99 ${pending.p99} ms; ` +
          `status=completed p50 ${completed.p50} ms p99 ${completed.p99} ms`,
      );
      // The pending balance in the database, before (the hold window entry by entry) and now
      // (the hours after the current one, then the current hour's entries still ahead).
      const before = await timeQuery(() =>
        app.db.query(
          `SELECT coalesce(sum(amount), 0)::bigint AS pending FROM ledger_entries
           WHERE seller_id = $1 AND available_at > $2 AND account = 'default' AND status <> 'on hold'`,
          [user.id, new Date()],
        ),
      );
      const now = await timeQuery(() => ledgerBalances(app.db, user.id, new Date()));
      console.log(
        `${size} entries: pending balance query, hold window summed (before) p50 ${before.p50} ms ` +
          `p99 ${before.p99} ms; per-hour rows + current hour (now, every bucket) p50 ${now.p50} ms p99 ${now.p99} ms`,
      );
    }
  } finally {
    await app.close();
    if (schema && process.env.BENCH_LEDGER_KEEP === '1') {
      console.log(`kept schema ${schema} (drop it with DROP SCHEMA ${schema} CASCADE)`);
    } else if (schema) {
      await dropPgSchema(process.env.DATABASE_URL, schema);
      await dropPgSchema(process.env.DATABASE_URL, jobsSchemaFor(schema));
    }
  }
}

await main();
