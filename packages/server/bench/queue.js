// Benchmark of the bulk queue on real Postgres: multi-space rows claimed and saved over HTTP
// (fastify.inject, no sockets) by WORKERS workers taking TAKE rows a claim, against
// graphile-worker running the server's own save transaction (saveRow, the SQL verb called
// directly, no HTTP) for the same number of rows with the same concurrency, on
// the same database in the same run. Runs alternate (Printloom, graphile-worker, Printloom, …)
// because the machine is shared; the medians are compared.
//
// It also counts the SQL statements the server sends per row (every query of the app's
// database, BEGIN and COMMIT included) and prints which statements they are.
//
// Needs DATABASE_URL (own schema per run, dropped after). Rows per run: BENCH_QUEUE_ROWS,
// runs of each: BENCH_QUEUE_ROUNDS. Runs the built server (dist).
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { hash } from '@node-rs/argon2';
import { Logger, makeWorkerUtils, run } from 'graphile-worker';
import { storedFileUrl } from '../dist/blob/fileUrl.js';
import { seedCatalog } from '../dist/demo/seedCatalog.js';
import { buildApp, dropPgSchema, jobsSchemaFor } from '../dist/index.js';
import { claimRows, rowCampaignName, saveRow } from '../dist/sql/bulk.js';
import { insertUser } from '../dist/sql/users.js';

const DATABASE_URL = process.env.DATABASE_URL;
const ROWS = Number(process.env.BENCH_QUEUE_ROWS ?? 600);
const ROUNDS = Number(process.env.BENCH_QUEUE_ROUNDS ?? 3);
const WORKERS = 4;
const TAKE = 10;
const TYPE = 'regular_multi_space';

const json = (response) => JSON.parse(response.body);
const bearer = (token) => ({ authorization: `Bearer ${token}` });
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const load = () =>
  execSync('uptime')
    .toString()
    .trim()
    .replace(/^.*load/, 'load');

/** Counts every statement the app sends to its database, and its time, by a short shape of its text. */
function countStatements(db) {
  const counts = new Map();
  let on = false;
  const timed = async (sql, run) => {
    if (!on) return run();
    const shape = sql.replace(/\s+/g, ' ').trim().slice(0, 70);
    const start = performance.now();
    try {
      return await run();
    } finally {
      const seen = counts.get(shape) ?? { n: 0, ms: 0 };
      counts.set(shape, { n: seen.n + 1, ms: seen.ms + performance.now() - start });
    }
  };
  const query = db.query.bind(db);
  const transaction = db.transaction.bind(db);
  db.query = (sql, params) => timed(sql, () => query(sql, params));
  db.transaction = (fn) =>
    timed('BEGIN … COMMIT (whole transaction, its statements also counted)', () =>
      transaction((tx) => fn({ query: (sql, params) => timed(sql, () => tx.query(sql, params)) })),
    );
  return {
    start() {
      counts.clear();
      on = true;
    },
    stop() {
      on = false;
      return new Map(counts);
    },
  };
}

function printStatements(label, counts, rows) {
  // A transaction is two statements of its own (BEGIN and COMMIT).
  const total = [...counts].reduce(
    (sum, [shape, { n }]) => sum + (shape.startsWith('BEGIN') ? 2 * n : n),
    0,
  );
  console.log(
    `${label}: ${(total / rows).toFixed(2)} SQL statements per row (${total} for ${rows} rows)`,
  );
  console.log('  per row: statements, ms waited (summed over workers), statement');
  for (const [shape, { n, ms }] of [...counts].sort((a, b) => b[1].n - a[1].n)) {
    if (n / rows >= 0.01)
      console.log(`  ${(n / rows).toFixed(2)}  ${(ms / rows).toFixed(2)} ms  ${shape}`);
  }
}

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
  const template = json(
    await app.inject({
      method: 'POST',
      url: '/seller/campaign',
      headers: bearer(token),
      payload: { name: 'Template', products: [{ template_id: templates[0].id }] },
    }),
  ).data;
  const origin = json(
    await app.inject({
      method: 'GET',
      url: `/seller/campaign/bulk-v3/origin/${template.id}`,
      headers: bearer(token),
    }),
  ).data;
  return { app, token, sellerId: user.id, schema, template, product: origin.products[0] };
}

async function createRows(env, round, kind) {
  const response = await env.app.inject({
    method: 'POST',
    url: '/seller/campaign/bulk-v3/jobs',
    headers: bearer(env.token),
    payload: {
      template_campaign_id: env.template.id,
      rows: Array.from({ length: ROWS }, (_, i) => ({
        campaign_name: `${kind} ${round} row ${i}`,
        designs: [{ new_url: `/files/${kind}-${round}-${i}.png`, print_space: 'front' }],
      })),
    },
  });
  if (response.statusCode !== 200) throw new Error(response.body);
}

/** What a worker sends for a row: one print file and one mockup of the template's product. */
const resultOf = (product, id) => ({
  designs: [
    {
      print_space: 'front',
      product_id: product.id,
      file_url: `/files/o${id}.png`,
      option: 'print',
    },
  ],
  designs3D: [
    {
      file_url: `/files/m${id}.jpg`,
      mockup_id: product.template_mockups[0].id,
      product_id: product.id,
      print_space: 'front',
    },
  ],
});

/** WORKERS workers claim TAKE rows at a time and save each over HTTP until none is left. */
async function printloomRun(env) {
  const { app, token } = env;
  let saved = 0;
  async function worker() {
    for (;;) {
      const rows = json(
        await app.inject({
          method: 'GET',
          url: `/seller/campaign/bulk-v3/pending?type=${TYPE}&take=${TAKE}`,
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
          payload: { id: row.id, leaseToken: row.lease_token, ...resultOf(product, row.id) },
        });
        if (response.statusCode !== 200) throw new Error(response.body);
        saved += 1;
      }
    }
  }
  const start = performance.now();
  await Promise.all(Array.from({ length: WORKERS }, worker));
  const seconds = (performance.now() - start) / 1000;
  if (saved !== ROWS) throw new Error(`saved ${saved} of ${ROWS} rows`);
  return saved / seconds;
}

/**
 * graphile-worker jobs, one per row, each running the save transaction the HTTP route runs.
 * The rows are leased beforehand (outside the timing): graphile-worker's own queue takes the
 * place of the claim.
 */
async function graphileRun(env, utils, gwSchema, counter) {
  const { app, sellerId, product } = env;
  const leased = [];
  for (;;) {
    const rows = await claimRows(app.db, sellerId, TYPE, 500, 3600);
    if (rows.length === 0) break;
    leased.push(...rows);
  }
  if (leased.length !== ROWS) throw new Error(`leased ${leased.length} of ${ROWS} rows`);
  await utils.addJobs(
    // What a claim tells the HTTP worker's save, the job carries: the row's template and name.
    leased.map((row) => ({
      identifier: 'save',
      payload: {
        id: row.id,
        token: row.lease_token,
        templateCampaignId: row.template_campaign_id,
        name: rowCampaignName(row.campaign_name, env.template.name, row.id),
      },
    })),
  );
  const fileUrl = (value) => storedFileUrl(app.config.s3, value);
  let saved = 0;
  let done;
  const finished = new Promise((resolve) => {
    done = resolve;
  });
  counter.start();
  const start = performance.now();
  const runner = await run({
    connectionString: DATABASE_URL,
    schema: gwSchema,
    concurrency: WORKERS,
    noHandleSignals: true,
    pollInterval: 1000,
    logger,
    taskList: {
      save: async ({ id, token, templateCampaignId, name }) => {
        const result = resultOf(product, id);
        const outcome = await saveRow(
          app.db,
          sellerId,
          {
            id,
            leaseToken: token,
            designs: result.designs.map((d) => ({ ...d, file_url: fileUrl(d.file_url) })),
            designs3D: result.designs3D.map((m) => ({ ...m, file_url: fileUrl(m.file_url) })),
            worker: { deviceId: 'bench', sessionId: 'bench', ipAddress: '127.0.0.1' },
          },
          { templateCampaignId, name },
        );
        if (!outcome.ok) throw new Error(`row ${id}: ${outcome.reason}`);
        saved += 1;
        if (saved === ROWS) done();
      },
    },
  });
  await finished;
  const seconds = (performance.now() - start) / 1000;
  await runner.stop();
  return saved / seconds;
}

/** graphile-worker's logger, showing errors only. */
const logger = new Logger(() => (level, message) => {
  if (level === 'error') console.error(message);
});

async function main() {
  if (!DATABASE_URL) {
    console.log('queue: skipped (set DATABASE_URL to measure real Postgres)');
    return;
  }
  const env = await setup();
  const gwSchema = `${env.schema}_gw`;
  const utils = await makeWorkerUtils({ connectionString: DATABASE_URL, schema: gwSchema, logger });
  const counter = countStatements(env.app.db);
  try {
    await utils.migrate();
    console.log(
      `queue: ${ROWS} rows a run, ${WORKERS} workers (Printloom claims ${TAKE} a call), ${ROUNDS} runs of each, interleaved; ${load()}`,
    );
    // One unmeasured run of each first: both sides start warm (compiled code, pools, caches).
    await createRows(env, 'warm-up', 'printloom');
    await printloomRun(env);
    await createRows(env, 'warm-up', 'graphile');
    await graphileRun(env, utils, gwSchema, counter);
    counter.stop();
    const printloom = [];
    const graphile = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      await createRows(env, round, 'printloom');
      counter.start();
      let cpu = process.cpuUsage();
      printloom.push(await printloomRun(env));
      const printloomCpu = process.cpuUsage(cpu);
      const httpCounts = counter.stop();
      if (round === 0) printStatements('Printloom claim+save over HTTP', httpCounts, ROWS);
      await createRows(env, round, 'graphile');
      cpu = process.cpuUsage();
      graphile.push(await graphileRun(env, utils, gwSchema, counter));
      const graphileCpu = process.cpuUsage(cpu);
      const gwCounts = counter.stop();
      const perRow = (usage) => ((usage.user + usage.system) / 1000 / ROWS).toFixed(2);
      console.log(
        `queue run ${round + 1}: CPU of this process per row: Printloom ${perRow(printloomCpu)} ms, graphile-worker ${perRow(graphileCpu)} ms (graphile-worker's leases in advance included)`,
      );
      if (round === 0) {
        printStatements(
          'graphile-worker job, server save transaction (its own queue SQL not counted)',
          gwCounts,
          ROWS,
        );
      }
      console.log(
        `queue run ${round + 1}: Printloom ${printloom[round].toFixed(1)} rows/s, graphile-worker ${graphile[round].toFixed(1)} rows/s; ${load()}`,
      );
    }
    const a = median(printloom);
    const b = median(graphile);
    console.log(
      `Queue claim+save over HTTP: Printloom ${a.toFixed(1)} rows/s, graphile-worker (same save work, same Postgres) ${b.toFixed(1)} rows/s (medians of ${ROUNDS}): ${(a / b).toFixed(2)}x`,
    );
  } finally {
    await utils.release();
    await env.app.close();
    await dropPgSchema(DATABASE_URL, gwSchema);
    await dropPgSchema(DATABASE_URL, env.schema);
    await dropPgSchema(DATABASE_URL, jobsSchemaFor(env.schema));
  }
}

await main();
