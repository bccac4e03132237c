// Benchmark of the platform API through fastify.inject (no sockets):
//   1. claim + save-processed-row throughput of multi-space bulk rows (rows/s),
//   2. p50/p99 latency of GET /seller/campaign for a seller with 100k campaigns,
// on PGlite (in memory) and, when DATABASE_URL is set, on real Postgres (own schema).
// Runs the built server (dist): `npm run bench -w @printloom/server` builds it first.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { hash } from '@node-rs/argon2';
import { seedCatalog } from '../dist/demo/seedCatalog.js';
import { buildApp, dropPgSchema, jobsSchemaFor } from '../dist/index.js';
import { insertUser } from '../dist/sql/users.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 2000);
const CAMPAIGNS = Number(process.env.BENCH_CAMPAIGNS ?? 100_000);
const LIST_REQUESTS = Number(process.env.BENCH_LIST_REQUESTS ?? 300);
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

async function benchList({ app, token, sellerId }) {
  await app.db.query(
    `INSERT INTO campaigns (seller_id, name, slug, status, product_type, created_at)
     SELECT $1, 'Campaign ' || g, 'campaign-' || g, (ARRAY['draft','active','inactive'])[1 + g % 3],
            (ARRAY['campaign','campaign_express','campaign_template'])[1 + g % 3], now() - (g || ' minutes')::interval
     FROM generate_series(1, $2) g`,
    [sellerId, CAMPAIGNS],
  );
  await app.db.query('ANALYZE campaigns');
  const results = {};
  for (const [label, url] of [
    ['default list', '/seller/campaign'],
    ['page 500', '/seller/campaign?page=500'],
    ['search q', '/seller/campaign?q=Campaign%204242'],
  ]) {
    const times = [];
    for (let i = 0; i < LIST_REQUESTS; i += 1) {
      const start = performance.now();
      const response = await app.inject({ method: 'GET', url, headers: bearer(token) });
      times.push(performance.now() - start);
      if (response.statusCode !== 200) throw new Error(response.body);
    }
    times.sort((a, b) => a - b);
    results[label] = { p50: percentile(times, 50), p99: percentile(times, 99) };
  }
  return results;
}

async function run(backend) {
  const workers = backend === 'pg' ? WORKERS : 1;
  const leaseEnv = await setup(backend);
  try {
    const leases = await benchLeases(leaseEnv, workers);
    console.log(
      `${backend}: claim+save ${leases.rows} rows with ${workers} worker(s) in ${leases.seconds.toFixed(2)} s = ${leases.perSecond.toFixed(0)} rows/s`,
    );
    const list = await benchList(leaseEnv);
    for (const [label, { p50, p99 }] of Object.entries(list)) {
      console.log(
        `${backend}: GET /seller/campaign (${label}) over ${CAMPAIGNS} campaigns: p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms`,
      );
    }
  } finally {
    await leaseEnv.app.close();
    if (leaseEnv.schema) {
      await dropPgSchema(process.env.DATABASE_URL, leaseEnv.schema);
      await dropPgSchema(process.env.DATABASE_URL, jobsSchemaFor(leaseEnv.schema));
    }
  }
}

await run('pglite');
if (process.env.DATABASE_URL) await run('pg');
else console.log('pg: skipped (set DATABASE_URL to measure real Postgres)');
