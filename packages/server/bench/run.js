// Benchmark of the platform API through fastify.inject (no sockets):
//   0. the database cost of authenticating a request: two lookups (before) against one join (now),
//   1. claim + save-processed-row throughput of multi-space bulk rows (rows/s),
//   2. p50/p99 latency of GET /seller/campaign for a seller with 10k, 100k and 1M campaigns on
//      Postgres and 1M on PGlite, and the exact count(*) the list used to run against the capped
//      count it runs now, on the same data in the same run,
// on PGlite (in memory) and, when DATABASE_URL is set, on real Postgres (own schema), each in a
// process of its own (BENCH_BACKEND=pglite|pg runs one).
// Sizes: BENCH_PG_CAMPAIGNS / BENCH_PGLITE_CAMPAIGNS (comma-separated), requests: BENCH_LIST_REQUESTS,
// untimed warm-up requests before each list: BENCH_WARM_UP (20). Each size is seeded, vacuumed,
// analysed and checkpointed before it is timed.
// Runs the built server (dist): `npm run bench -w @printloom/server` builds it first.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { hash } from '@node-rs/argon2';
import { LIST_COUNT_CAP } from '@printloom/core';
import { seedCatalog } from '../dist/demo/seedCatalog.js';
import { buildApp, dropPgSchema, jobsSchemaFor } from '../dist/index.js';
import { findLiveSessionWithUser } from '../dist/sql/sessions.js';
import { insertUser } from '../dist/sql/users.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 2000);
/**
 * Timed requests per list: the p99 of 200 would be the second-slowest request, which moves by
 * more than the lists differ; 1,000 puts ten requests above it. The search list (a trigram scan,
 * hundreds of ms on PGlite at a million) is timed on a tenth as many.
 */
const LIST_REQUESTS = Number(process.env.BENCH_LIST_REQUESTS ?? 1000);
const BEFORE_REQUESTS = Number(process.env.BENCH_BEFORE_REQUESTS ?? 10);
const AUTH_REQUESTS = Number(process.env.BENCH_AUTH_REQUESTS ?? 500);
const sizes = (name, fallback) => (process.env[name] ?? fallback).split(',').map(Number);
/** Campaign list sizes: Postgres grows through each, PGlite measures the largest only. */
const PG_SIZES = sizes('BENCH_PG_CAMPAIGNS', '10000,100000,1000000');
const PGLITE_SIZES = sizes('BENCH_PGLITE_CAMPAIGNS', '1000000');
const WORKERS = 4;
const TAKE = 10;

const json = (response) => JSON.parse(response.body);
const bearer = (token) => ({ authorization: `Bearer ${token}` });

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function setup(backend) {
  const schema = backend === 'pg' ? `bench_${randomBytes(4).toString('hex')}` : undefined;
  const app = await buildApp({
    secret: 'bench',
    authRateLimit: 1_000_000,
    ...(schema ? { databaseUrl: process.env.DATABASE_URL, dbSchema: schema } : {}),
  });
  await seedCatalog(app.db, app.blobDir);
  const user = await insertUser(app.db, {
    name: 'Bench',
    email: 'bench@example.test',
    passwordHash: await hash('bench-password'),
  });
  const login = await app.inject({
    method: 'POST',
    url: '/auth/seller/login',
    payload: { email: 'bench@example.test', password: 'bench-password' },
  });
  const token = json(login).data.access_token;
  return { app, token, sellerId: user.id, schema };
}

async function benchLeases({ app, token }, workers) {
  const templates = json(
    await app.inject({ method: 'GET', url: '/seller/product-templates', headers: bearer(token) }),
  ).data.data;
  const template = json(
    await app.inject({
      method: 'POST',
      url: '/seller/campaign',
      headers: bearer(token),
      payload: { name: 'Template', products: [{ template_id: templates[0].id }] },
    }),
  ).data;
  await app.inject({
    method: 'POST',
    url: '/seller/campaign/bulk-v3/jobs',
    headers: bearer(token),
    payload: {
      template_campaign_id: template.id,
      rows: Array.from({ length: ROWS }, (_, i) => ({
        campaign_name: `Row ${i}`,
        designs: [{ new_url: `/files/${i}.png`, print_space: 'front' }],
      })),
    },
  });
  let saved = 0;
  async function worker() {
    for (;;) {
      const rows = json(
        await app.inject({
          method: 'GET',
          url: `/seller/campaign/bulk-v3/pending?take=${TAKE}`,
          headers: bearer(token),
        }),
      ).data;
      if (rows.length === 0) return;
      for (const row of rows) {
        const product = row.template_campaign.products[0];
        const response = await app.inject({
          method: 'POST',
          url: '/seller/campaign/bulk-v3/save-processed-row',
          headers: bearer(token),
          payload: {
            id: row.id,
            leaseToken: row.lease_token,
            designs: [
              {
                print_space: 'front',
                product_id: product.id,
                file_url: `/files/o${row.id}.png`,
                option: 'print',
              },
            ],
            designs3D: [
              {
                file_url: `/files/m${row.id}.jpg`,
                mockup_id: product.template_mockups[0].id,
                product_id: product.id,
                print_space: 'front',
              },
            ],
          },
        });
        if (response.statusCode !== 200) throw new Error(response.body);
        saved += 1;
      }
    }
  }
  const start = performance.now();
  await Promise.all(Array.from({ length: workers }, worker));
  const seconds = (performance.now() - start) / 1000;
  return { rows: saved, seconds, perSecond: saved / seconds };
}

/** Grows the bench seller's campaigns to `size` with one INSERT ... SELECT generate_series. */
async function growCampaigns(app, sellerId, from, size) {
  await app.db.query(
    `INSERT INTO campaigns (seller_id, name, slug, status, product_type, created_at, updated_at)
     SELECT $1, 'Campaign ' || g, 'campaign-' || g, (ARRAY['draft','active','inactive'])[1 + g % 3],
            (ARRAY['campaign','campaign_express','campaign_template'])[1 + g % 3],
            now() - (g || ' minutes')::interval, now() - (g || ' seconds')::interval
     FROM generate_series($2::int, $3::int) g`,
    [sellerId, from + 1, size],
  );
  // What autovacuum does after a large insert: statistics and the visibility map. Then what the
  // checkpointer and the kernel do in the background within minutes: the insert's dirty pages
  // are written out to the disk, so the list is timed on a settled database rather than while a
  // read must first write someone else's dirty page back (EXPLAIN of the count showed `written=`
  // buffers right after the insert) or a commit's WAL flush queues behind a gigabyte of
  // write-back. A real seller's million campaigns were not all written a second ago.
  await app.db.query('VACUUM ANALYZE campaigns');
  await app.db.query('CHECKPOINT');
  spawnSync('sync');
}

/** Requests run before each timed list, not counted: the first reads of a new size warm the caches. */
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 20);

async function timed(requests, once, warmUp = 0) {
  for (let i = 0; i < warmUp; i += 1) await once();
  const times = [];
  for (let i = 0; i < requests; i += 1) {
    const start = performance.now();
    await once();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

const LIST_URLS = [
  ['default list', '/seller/campaign'],
  ['page 40 by name', '/seller/campaign?page=40&order_by=name:asc'],
  ['status=active by updated_at', '/seller/campaign?status=active&order_by=updated_at:desc'],
  ['search q', '/seller/campaign?q=Campaign%204242'],
];

/** GET /seller/campaign at each list size, and the exact count(*) it used to run, same data. */
async function benchList({ app, token, sellerId }, backend, sizes) {
  const ms = (value) => `${value.toFixed(2)} ms`;
  const defaultP99 = [];
  let seeded = 0;
  for (const size of sizes) {
    const seedStart = performance.now();
    await growCampaigns(app, sellerId, seeded, size);
    seeded = size;
    const seedSeconds = (performance.now() - seedStart) / 1000;
    console.log(
      `${backend}: seeded ${size} campaigns (${seedSeconds.toFixed(1)} s incl. VACUUM ANALYZE, CHECKPOINT and sync)`,
    );
    for (const [label, url] of LIST_URLS) {
      const { p50, p99 } = await timed(
        label === 'search q' ? Math.ceil(LIST_REQUESTS / 10) : LIST_REQUESTS,
        async () => {
          const response = await app.inject({ method: 'GET', url, headers: bearer(token) });
          if (response.statusCode !== 200) throw new Error(response.body);
        },
        WARM_UP,
      );
      if (label === 'default list') defaultP99.push(p99);
      console.log(
        `${backend}: GET /seller/campaign (${label}) at ${size} campaigns: p50 ${ms(p50)}, p99 ${ms(p99)}`,
      );
    }
    // Before: the exact count(*) every list request used to run, beside today's capped count.
    const where = `seller_id = $1 AND product_type = ANY($2::text[])`;
    const types = ['campaign', 'campaign_express', 'campaign_template'];
    const exact = await timed(BEFORE_REQUESTS, () =>
      app.db.query(`SELECT count(*)::int AS total FROM campaigns WHERE ${where}`, [
        sellerId,
        types,
      ]),
    );
    const capped = await timed(BEFORE_REQUESTS, () =>
      app.db.query(
        `SELECT count(*)::int AS counted FROM (SELECT 1 FROM campaigns WHERE ${where} LIMIT $3) capped`,
        [sellerId, types, LIST_COUNT_CAP + 1],
      ),
    );
    console.log(
      `${backend}: count query at ${size} campaigns: exact count(*) (before) p50 ${ms(exact.p50)}, p99 ${ms(exact.p99)}; ` +
        `capped at ${LIST_COUNT_CAP} (after) p50 ${ms(capped.p50)}, p99 ${ms(capped.p99)}; ` +
        `before/after p99 ${(exact.p99 / capped.p99).toFixed(1)}x`,
    );
  }
  if (defaultP99.length > 1) {
    const ratio = Math.max(...defaultP99) / Math.min(...defaultP99);
    console.log(
      `${backend}: GET /seller/campaign default list p99 from ${sizes[0]} to ${sizes.at(-1)} campaigns: largest/smallest ${ratio.toFixed(2)}x`,
    );
  }
}

/**
 * What authenticating one request costs the database: the session then its user, two queries
 * (before), against the one join every request runs now, on the bench seller's session.
 */
async function benchAuthLookups({ app, token }, backend) {
  const tokenHash = createHash('sha256').update(token).digest('hex');
  const twoQueries = await timed(AUTH_REQUESTS, async () => {
    const [session] = await app.db.query(
      `SELECT id, kind, user_id, acting_seller_id, access_user, store_ids, expires_at FROM sessions
       WHERE token_hash = $1 AND kind = 'access' AND revoked_at IS NULL AND expires_at > now()`,
      [tokenHash],
    );
    await app.db.query('SELECT * FROM users WHERE id = $1', [session.user_id]);
  });
  const oneJoin = await timed(AUTH_REQUESTS, async () => {
    const found = await findLiveSessionWithUser(app.db, tokenHash, 'access');
    if (!found) throw new Error('bench session not found');
  });
  console.log(
    `${backend}: authenticating a request: session + user as 2 queries (before) p50 ${oneMs(twoQueries.p50)}; ` +
      `as 1 join (now) p50 ${oneMs(oneJoin.p50)}; before/now ${(twoQueries.p50 / oneJoin.p50).toFixed(2)}x`,
  );
}

const oneMs = (value) => `${value.toFixed(3)} ms`;

async function run(backend) {
  const workers = backend === 'pg' ? WORKERS : 1;
  const leaseEnv = await setup(backend);
  try {
    await benchAuthLookups(leaseEnv, backend);
    const leases = await benchLeases(leaseEnv, workers);
    console.log(
      `${backend}: claim+save ${leases.rows} rows with ${workers} worker(s) in ${leases.seconds.toFixed(2)} s = ${leases.perSecond.toFixed(0)} rows/s`,
    );
    await benchList(leaseEnv, backend, backend === 'pg' ? PG_SIZES : PGLITE_SIZES);
    const peak = process.resourceUsage().maxRSS / 1024;
    console.log(`${backend}: bench process peak RSS so far ${peak.toFixed(0)} MB`);
  } finally {
    await leaseEnv.app.close();
    if (leaseEnv.schema) {
      await dropPgSchema(process.env.DATABASE_URL, leaseEnv.schema);
      await dropPgSchema(process.env.DATABASE_URL, jobsSchemaFor(leaseEnv.schema));
    }
  }
}

// Each backend runs in a process of its own: PGlite's million campaigns leave the process a
// heap of several GB whose collections would otherwise land in the Postgres timings.
const only = process.env.BENCH_BACKEND;
if (only === 'pglite' || only === 'pg') {
  await run(only);
} else {
  for (const backend of process.env.DATABASE_URL ? ['pglite', 'pg'] : ['pglite']) {
    const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url)], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_BACKEND: backend },
    });
    if (child.status !== 0) process.exit(child.status ?? 1);
  }
  if (!process.env.DATABASE_URL)
    console.log('pg: skipped (set DATABASE_URL to measure real Postgres)');
}
