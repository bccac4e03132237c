// Benchmark of the buyer storefront on real Postgres (issue 12): one store listing
// BENCH_STORE_CAMPAIGNS (default 100,000) live campaigns, each with two products and a mockup
// per product, four featured collections and visit counts on a tenth of the campaigns. The store
// home and product pages (a different campaign each request, first visits so each one also
// records its visit) are requested through fastify.inject (no sockets) one at a time, and p50 /
// p99 of the server time (request in, last byte of the page out) are printed against the
// 30 ms target. Then the buyer page's JavaScript: the gzip size of /public/storefront.js plus
// the product page's inline scripts, against 50 KB.
//
// Needs DATABASE_URL (own schema per run, dropped after). Requests per page: BENCH_STORE_REQUESTS
// (default 400). BENCH_STORE_KEEP=1 keeps the schema (its name is printed) to EXPLAIN the
// statements by hand; drop it after. Runs the built server (dist).
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { hash } from '@node-rs/argon2';
import { seedCatalog } from '../dist/demo/seedCatalog.js';
import { buildApp, dropPgSchema, jobsSchemaFor } from '../dist/index.js';
import { insertUser } from '../dist/sql/users.js';

const DATABASE_URL = process.env.DATABASE_URL;
const CAMPAIGNS = Number(process.env.BENCH_STORE_CAMPAIGNS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_STORE_REQUESTS ?? 400);
const KEEP = process.env.BENCH_STORE_KEEP === '1';
const TARGET_P99_MS = 30;
const TARGET_JS_KB = 50;

const json = (response) => JSON.parse(response.body);
const bearer = (token) => ({ authorization: `Bearer ${token}` });
const load = () =>
  execSync('uptime')
    .toString()
    .trim()
    .replace(/^.*load/, 'load');
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function setup() {
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const app = await buildApp({
    secret: 'bench',
    authRateLimit: 1_000_000,
    databaseUrl: DATABASE_URL,
    dbSchema: schema,
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
  const templates = json(
    await app.inject({ method: 'GET', url: '/seller/product-templates', headers: bearer(token) }),
  ).data.data;
  // The model campaign: two products, as the editor makes them; its rows are copied below.
  const model = json(
    await app.inject({
      method: 'POST',
      url: '/seller/campaign',
      headers: bearer(token),
      payload: {
        name: 'Model',
        products: templates.slice(0, 2).map((t) => ({ template_id: t.id })),
      },
    }),
  ).data;
  const store = await app.inject({
    method: 'POST',
    url: '/seller/stores',
    headers: bearer(token),
    payload: { name: 'Bench Store', slug: `bench-${randomBytes(3).toString('hex')}` },
  });
  if (store.statusCode !== 200) throw new Error(`The store was refused: ${store.body}`);
  return { app, schema, sellerId: user.id, modelId: model.id, store: json(store).data };
}

/** The store's campaigns, products, mockups, collections and visit counts, in bulk statements. */
async function seedStore(env) {
  const { app, sellerId, modelId, store } = env;
  const q = (sql, params) => app.db.query(sql, params);
  const started = performance.now();
  await q(
    `INSERT INTO campaigns (seller_id, name, slug, status, thumb_url, created_at, updated_at)
     SELECT $1, 'Bench design ' || g, 'bench-design-' || g, 'active',
            '/public/bench/' || g || '.png', now() - g * interval '1 minute', now()
       FROM generate_series(1, $2::int) g`,
    [sellerId, CAMPAIGNS],
  );
  await q(
    `INSERT INTO products (campaign_id, seller_id, template_id, name, print_spaces, options,
                           default_option, mockup_type, price)
     SELECT c.id, c.seller_id, p.template_id, p.name, p.print_spaces, p.options, p.default_option,
            p.mockup_type, 19.99 + (c.id % 7)
       FROM campaigns c CROSS JOIN products p
      WHERE c.seller_id = $1 AND c.slug LIKE 'bench-design-%' AND p.campaign_id = $2`,
    [sellerId, modelId],
  );
  await q(
    `INSERT INTO mockups (campaign_id, product_id, print_space, file_url, is_default)
     SELECT p.campaign_id, p.id, 'front', '/public/bench/mockup-' || p.id || '.png', true
       FROM products p JOIN campaigns c ON c.id = p.campaign_id
      WHERE c.seller_id = $1 AND c.slug LIKE 'bench-design-%'`,
    [sellerId],
  );
  await q(
    `INSERT INTO store_campaigns (store_id, campaign_id, seller_id)
     SELECT $2, c.id, c.seller_id FROM campaigns c
      WHERE c.seller_id = $1 AND c.slug LIKE 'bench-design-%'`,
    [sellerId, store.id],
  );
  // Four featured collections of 2,000 campaigns each, the first 8 of each featured.
  await q(
    `INSERT INTO collections (seller_id, store_id, name, slug, featured)
     SELECT $1, $2, 'Collection ' || g, 'collection-' || g, true FROM generate_series(1, 4) g`,
    [sellerId, store.id],
  );
  await q(
    `INSERT INTO collection_campaigns (collection_id, campaign_id, seller_id, position, featured)
     SELECT k.id, c.id, c.seller_id, row_number() OVER (PARTITION BY k.id ORDER BY c.id) - 1,
            false
       FROM collections k JOIN campaigns c
         ON c.seller_id = k.seller_id AND c.slug LIKE 'bench-design-%'
        AND c.id % 50 = (substr(k.slug, 12)::int)
      WHERE k.seller_id = $1 AND k.store_id = $2`,
    [sellerId, store.id],
  );
  await q(
    `UPDATE collection_campaigns SET featured = true
      WHERE seller_id = $1 AND position < 8`,
    [sellerId],
  );
  await q(
    `INSERT INTO storefront_tracks (campaign_id, store_id, seller_id, day, visits, checkouts)
     SELECT c.id, $2, c.seller_id, current_date - (c.id % 30)::int, 1 + c.id % 40, c.id % 3
       FROM campaigns c WHERE c.seller_id = $1 AND c.slug LIKE 'bench-design-%' AND c.id % 10 = 0`,
    [sellerId, store.id],
  );
  await q('ANALYZE');
  const [counts] = await q(
    `SELECT (SELECT count(*) FROM store_campaigns WHERE store_id = $1)::int AS listed,
            (SELECT count(*) FROM products WHERE seller_id = $2)::int AS products,
            (SELECT count(*) FROM mockups m JOIN campaigns c ON c.id = m.campaign_id
              WHERE c.seller_id = $2)::int AS mockups`,
    [store.id, sellerId],
  );
  console.log(
    `storefront: seeded ${counts.listed} listed campaigns, ${counts.products} products, ${counts.mockups} mockups in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/**
 * Times every statement the app sends, by a short shape of its text, while `on`: where a page's
 * server time goes.
 */
function statementTimer(db) {
  const times = new Map();
  let on = false;
  const query = db.query.bind(db);
  db.query = async (sql, params) => {
    if (!on) return query(sql, params);
    const start = performance.now();
    try {
      return await query(sql, params);
    } finally {
      const shape = sql.replace(/\s+/g, ' ').trim().slice(0, 90);
      const seen = times.get(shape) ?? { n: 0, ms: 0 };
      times.set(shape, { n: seen.n + 1, ms: seen.ms + performance.now() - start });
    }
  };
  return {
    start() {
      times.clear();
      on = true;
    },
    /** The statements taking the most time per request, slowest first. */
    report(requests) {
      on = false;
      return [...times]
        .sort((a, b) => b[1].ms - a[1].ms)
        .slice(0, 5)
        .map(
          ([shape, { n, ms }]) =>
            `    ${(ms / requests).toFixed(2)} ms/request over ${(n / requests).toFixed(1)} statement(s): ${shape}`,
        );
    },
  };
}

/**
 * Server time of one page request (inject: the request in, the whole page out), as a browser
 * asks for it (compressed: the compression is part of the time).
 */
async function timed(app, url) {
  const start = performance.now();
  const answer = await app.inject({
    method: 'GET',
    url,
    headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
  });
  const ms = performance.now() - start;
  if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.statusCode} ${answer.body}`);
  return { ms, body: answer.body };
}

async function measure(app, timer, label, urls) {
  for (const url of urls.slice(0, 20)) await timed(app, url); // warm-up, not counted
  const times = [];
  timer.start();
  for (const url of urls) times.push((await timed(app, url)).ms);
  const statements = timer.report(urls.length);
  times.sort((a, b) => a - b);
  const p50 = percentile(times, 50);
  const p99 = percentile(times, 99);
  console.log(
    `storefront ${label.padEnd(12)} p50 ${p50.toFixed(1)} ms  p99 ${p99.toFixed(1)} ms  max ${times[times.length - 1].toFixed(1)} ms  (${times.length} requests)  target p99 <= ${TARGET_P99_MS} ms: ${p99 <= TARGET_P99_MS ? 'met' : 'NOT met'}`,
  );
  console.log(`  database time per request, by statement:\n${statements.join('\n')}`);
  return { p50, p99 };
}

/** The JavaScript a buyer's browser runs on a product page, gzipped (level 9, as served). */
async function scriptSize(app, productUrl) {
  const script = await app.inject({ method: 'GET', url: '/public/storefront.js' });
  const page = (await app.inject({ method: 'GET', url: productUrl })).body;
  const inline = [...page.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)];
  const code = inline.filter((m) => !/type="application\/(ld\+)?json"/.test(m[1]));
  const data = inline.filter((m) => /type="application\/(ld\+)?json"/.test(m[1]));
  const gz = (text) => gzipSync(Buffer.from(text), { level: 9 }).length / 1024;
  const external = gz(script.body);
  const inlineCode = code.length ? gz(code.map((m) => m[2]).join('\n')) : 0;
  const inlineData = data.length ? gz(data.map((m) => m[2]).join('\n')) : 0;
  const total = external + inlineCode;
  console.log(
    `storefront buyer JS: /public/storefront.js ${(script.body.length / 1024).toFixed(1)} KB, ${external.toFixed(1)} KB gzip; inline scripts ${inlineCode.toFixed(1)} KB gzip (${code.length}); ` +
      `total ${total.toFixed(1)} KB gzip, target <= ${TARGET_JS_KB} KB: ${total <= TARGET_JS_KB ? 'met' : 'NOT met'} ` +
      `(besides: the page's JSON data, product options and JSON-LD, ${inlineData.toFixed(1)} KB gzip; whole page ${(page.length / 1024).toFixed(1)} KB, ${gz(page).toFixed(1)} KB gzip)`,
  );
}

async function main() {
  if (!DATABASE_URL) {
    console.log('storefront: skipped (set DATABASE_URL to measure real Postgres)');
    return;
  }
  const env = await setup();
  try {
    await seedStore(env);
    const slug = env.store.slug;
    console.log(`storefront: ${REQUESTS} requests a page, one at a time; ${load()}`);
    const home = Array.from({ length: REQUESTS }, () => `/s/${slug}/`);
    // A different campaign each request, spread over the whole store.
    const step = Math.max(1, Math.floor(CAMPAIGNS / (REQUESTS + 20)));
    const products = Array.from(
      { length: REQUESTS + 20 },
      (_, i) => `/s/${slug}/products/bench-design-${1 + ((i * step + 7) % CAMPAIGNS)}`,
    );
    const timer = statementTimer(env.app.db);
    await measure(env.app, timer, 'home', home);
    await measure(env.app, timer, 'product page', products.slice(20));
    const collection = Array.from(
      { length: REQUESTS },
      () => `/s/${slug}/collections/collection-1`,
    );
    await measure(env.app, timer, 'collection', collection);
    await scriptSize(env.app, products[0]);
    console.log(`storefront: done; ${load()}`);
  } finally {
    await env.app.close();
    if (KEEP) console.log(`storefront: schema ${env.schema} kept (BENCH_STORE_KEEP=1)`);
    else {
      await dropPgSchema(DATABASE_URL, env.schema);
      await dropPgSchema(DATABASE_URL, jobsSchemaFor(env.schema));
    }
  }
}

await main();
