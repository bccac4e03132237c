// Peak RSS of the API process on PGlite (a data directory on disk, as `printloom serve` runs it)
// under the campaign list load, with PGlite's own memory settings (before) and the server's
// (db/pgliteMemory.ts), with V8's optimizing WebAssembly compiler and with the baseline one only
// (`node --liftoff-only`, how `printloom serve` runs PGlite: now), on the same data in the same
// run. The API runs in a child process listening on a local port; this process sends it the
// list requests over HTTP and reads the child's peak RSS (getrusage maxrss) and memory split
// when the load is done.
//   BENCH_MEMORY_CAMPAIGNS  campaigns of the one seller (default 1,000,000)
//   BENCH_MEMORY_DIR        data directory to keep between runs (seeded once per size);
//                           a temporary one otherwise
//   BENCH_MEMORY_REQUESTS   requests per list URL (default 100)
// Runs the built server (dist): `npm run build -w @printloom/server && node bench/apiMemory.js`.
import { fork } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const SIZE = Number(process.env.BENCH_MEMORY_CAMPAIGNS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_MEMORY_REQUESTS ?? 100);
const EMAIL = 'memory-bench@example.test';
const PASSWORD = 'bench-password';
const LIST_URLS = [
  ['default list', '/seller/campaign'],
  ['page 40 by name', '/seller/campaign?page=40&order_by=name:asc'],
  ['status=active by updated_at', '/seller/campaign?status=active&order_by=updated_at:desc'],
  ['search q', '/seller/campaign?q=Campaign%204242'],
];
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function openApp(dataDir, memory) {
  const { buildApp, PGLITE_DEFAULT_MEMORY } = await import('../dist/index.js');
  return buildApp({
    secret: 'bench',
    authRateLimit: 1_000_000,
    dataDir,
    ...(memory === 'pglite-defaults' ? { pgliteMemory: PGLITE_DEFAULT_MEMORY } : {}),
  });
}

/** Child: writes the seller and SIZE campaigns into the data directory, then exits. */
async function seed(dataDir) {
  const { hash } = await import('@node-rs/argon2');
  const { insertUser } = await import('../dist/sql/users.js');
  const app = await openApp(dataDir, 'server');
  try {
    const user = await insertUser(app.db, {
      name: 'Bench',
      email: EMAIL,
      passwordHash: await hash(PASSWORD),
    });
    // Written 100,000 at a time: one statement for a million rows holds every index change of
    // the transaction in PGlite's memory.
    for (let from = 1; from <= SIZE; from += 100_000) {
      await app.db.query(
        `INSERT INTO campaigns (seller_id, name, slug, status, product_type, created_at, updated_at)
         SELECT $1, 'Campaign ' || g, 'campaign-' || g,
                (ARRAY['draft','active','inactive'])[1 + g % 3],
                (ARRAY['campaign','campaign_express','campaign_template'])[1 + g % 3],
                now() - (g || ' minutes')::interval, now() - (g || ' seconds')::interval
         FROM generate_series($2::int, $3::int) g`,
        [user.id, from, Math.min(SIZE, from + 99_999)],
      );
    }
    await app.db.query('VACUUM ANALYZE campaigns');
  } finally {
    await app.close();
  }
}

/** Child: the API on the data directory, answering the parent's report requests over IPC. */
async function serve(dataDir, memory) {
  const app = await openApp(dataDir, memory);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const startupPeakRss = process.resourceUsage().maxRSS * 1024;
  process.on('message', async (message) => {
    if (message !== 'report') return;
    const usage = process.memoryUsage();
    const pglite = app.db.source.kind === 'pglite' ? app.db.source.pglite : null;
    process.send({
      peakRss: process.resourceUsage().maxRSS * 1024,
      startupPeakRss,
      rss: usage.rss,
      heapUsed: usage.heapUsed,
      external: usage.external,
      wasm: pglite?.Module?.HEAPU8?.buffer.byteLength ?? null,
    });
    await app.close();
    process.exit(0);
  });
  process.send({ address });
}

function child(mode, dataDir, memory, execArgv = process.execArgv) {
  const proc = fork(new URL(import.meta.url), [mode, dataDir, memory], {
    stdio: 'inherit',
    execArgv,
  });
  const messages = [];
  let waiting = null;
  proc.on('message', (message) => {
    if (waiting) {
      const resolve = waiting;
      waiting = null;
      resolve(message);
    } else messages.push(message);
  });
  const exited = new Promise((resolve, reject) =>
    proc.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${mode} child exited with ${code}`)),
    ),
  );
  const next = () =>
    messages.length > 0
      ? Promise.resolve(messages.shift())
      : Promise.race([
          new Promise((resolve) => {
            waiting = resolve;
          }),
          exited.then(() => {
            throw new Error(`${mode} child exited before answering`);
          }),
        ]);
  return { proc, next, exited };
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** One API process on the data directory: the list load over HTTP, then its memory. */
async function measure(dataDir, memory, execArgv) {
  const api = child('serve', dataDir, memory, execArgv);
  const { address } = await api.next();
  const login = await fetch(`${address}/auth/seller/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  const token = (await login.json()).data.access_token;
  const latencies = [];
  for (const [label, url] of LIST_URLS) {
    const times = [];
    for (let i = 0; i < REQUESTS; i += 1) {
      const start = performance.now();
      const response = await fetch(`${address}${url}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = await response.text();
      if (response.status !== 200) throw new Error(body);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    latencies.push(
      `${label} p50 ${percentile(times, 50).toFixed(1)} / p99 ${percentile(times, 99).toFixed(1)} ms`,
    );
  }
  api.proc.send('report');
  const report = await api.next();
  await api.exited;
  return { report, latencies };
}

const [mode, dataDirArg, memoryArg] = process.argv.slice(2);
if (mode === 'seed') await seed(dataDirArg);
else if (mode === 'serve') await serve(dataDirArg, memoryArg);
else {
  const dataDir =
    process.env.BENCH_MEMORY_DIR ?? mkdtempSync(join(tmpdir(), 'printloom-memory-bench-'));
  const marker = join(dataDir, 'bench-campaigns');
  try {
    if (!existsSync(marker) || readFileSync(marker, 'utf8') !== String(SIZE)) {
      rmSync(dataDir, { recursive: true, force: true });
      const start = performance.now();
      await child('seed', dataDir, 'server').exited;
      writeFileSync(marker, String(SIZE));
      console.log(
        `pglite: seeded ${SIZE} campaigns on disk in ${((performance.now() - start) / 1000).toFixed(0)} s`,
      );
    }
    // `printloom serve` on PGlite runs Node with --liftoff-only (cli/src/baselineWasm.ts): V8's
    // optimizing compiler, compiling PGlite's hot WebAssembly during start-up, was most of the
    // peak on Node 24. The second run is PRINTLOOM_WASM_OPTIMIZE=1, the opt-out.
    const runs = [
      ['PGlite defaults, optimizing compiler (before)', 'pglite-defaults', process.execArgv],
      ['server settings, optimizing compiler', 'server', process.execArgv],
      [
        'server settings, node --liftoff-only (now, as printloom serve runs)',
        'server',
        [...process.execArgv, '--liftoff-only'],
      ],
    ];
    console.log(`pglite API process: node ${process.version}`);
    for (const [label, memory, execArgv] of runs) {
      const { report, latencies } = await measure(dataDir, memory, execArgv);
      console.log(
        `pglite API process at ${SIZE} campaigns, list load (${LIST_URLS.length} URLs x ${REQUESTS}), ${label}: ` +
          `peak RSS ${mb(report.peakRss)} (${mb(report.startupPeakRss)} of it before the first request; at the end: RSS ${mb(report.rss)}, JS heap ${mb(report.heapUsed)}, ` +
          `external ${mb(report.external)}${report.wasm === null ? '' : `, PGlite WASM memory ${mb(report.wasm)}`})`,
      );
      console.log(`  over HTTP: ${latencies.join('; ')}`);
    }
  } finally {
    if (!process.env.BENCH_MEMORY_DIR) rmSync(dataDir, { recursive: true, force: true });
  }
}
