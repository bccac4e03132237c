// End-to-end bulk throughput: `printloom serve --demo` in a child process, a template campaign
// of several products, a job of generated artwork, and multi-space workers in this process with
// the Node renderer. Prints rows/min, mockups per row, CPU per row and where the workers' time
// goes.
//   node bench/bulk.js [rows=60] [workers=2]
// BENCH_API=http://127.0.0.1:PORT measures against a `printloom serve --demo --workers 0` already
// running (its start-up takes minutes on a loaded machine, and it is not what is measured).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApiClient, runMultiSpaceWorker, systemClock } from '@printloom/core';
import { sampleArtwork } from '@printloom/renderer/node';
import { NodeRowRenderer } from '../dist/worker/nodeRenderer.js';

const ROWS = Number(process.argv[2] ?? 60);
const WORKERS = Number(process.argv[3] ?? 2);
/**
 * Products of the bundled catalog (manifest template ids), one mockup each: four 2D products
 * and the 3D mug (201), drawn from its bake.
 */
const TEMPLATE_IDS = [101, 102, 103, 104, 201];
const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

const home = mkdtempSync(join(tmpdir(), 'printloom-bench-'));
const port = await freePort();
const api = process.env.BENCH_API || `http://127.0.0.1:${port}`;
const server = process.env.BENCH_API
  ? null
  : spawn(
      process.execPath,
      // The workers of this process are measured: the server's own stay off.
      [
        BIN,
        'serve',
        '--demo',
        '--port',
        String(port),
        '--data-dir',
        join(home, 'data'),
        '--workers',
        '0',
      ],
      {
        stdio: 'ignore',
        env: { ...process.env, DATABASE_URL: '', PRINTLOOM_AUTH_RATE_LIMIT: '1000' },
      },
    );
try {
  for (let i = 0; ; i += 1) {
    try {
      if ((await fetch(`${api}/api3/version`)).ok) break;
    } catch {
      if (i > 1200) throw new Error('printloom serve did not start');
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  let token;
  const client = createApiClient({ baseUrl: api, fetch, getToken: () => token });
  const login = await client.auth.sellerLogin({
    body: { email: 'demo@printloom.test', password: 'printloom-demo' },
  });
  token = login.access_token;

  const template = await client.campaigns.create({
    body: {
      name: 'Bench template',
      products: TEMPLATE_IDS.map((template_id) => ({ template_id })),
    },
  });
  const art = await sampleArtwork(1500, 1875).encode('png');
  const upload = await client.uploads.uploadFile({
    file: new Uint8Array(art),
    fileName: 'bench.png',
    filePath: 'a/bench',
    contentType: 'image/png',
  });
  await client.bulkV3.createJob({
    body: {
      template_campaign_id: template.id,
      rows: Array.from({ length: ROWS }, (_, i) => ({
        campaign_name: `Bench ${i + 1}`,
        // No print space: the artwork goes on each product's main one (the mug's is its wrap).
        designs: [{ new_url: upload.fileUrl }],
      })),
    },
  });

  const times = { renderMs: 0, uploadMs: 0 };
  const renderer = new NodeRowRenderer({ client, api, times });
  const silent = { info() {}, warn() {}, error() {} };
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  const finals = await Promise.all(
    Array.from({ length: WORKERS }, (_, i) =>
      runMultiSpaceWorker({
        api: client,
        renderer,
        clock: systemClock,
        logger: silent,
        signal: new AbortController().signal,
        identity: { deviceId: `bench-${i}`, sessionId: `bench-${i}` },
        once: true,
      }),
    ),
  );
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuStart);
  await renderer.close();

  const processed = finals.reduce((sum, s) => sum + s.counts.processed, 0);
  const failed = finals.reduce((sum, s) => sum + s.counts.invalid + s.counts.errors, 0);
  const workerMs = wallMs * WORKERS;
  const apiMs = Math.max(0, workerMs - times.renderMs - times.uploadMs);
  const pct = (ms) => `${((100 * ms) / workerMs).toFixed(1)} %`;
  console.log(
    `Bulk throughput: ${ROWS} rows, ${TEMPLATE_IDS.length} products (the artwork on each product's main print space, ${TEMPLATE_IDS.length} mockups per row), ${WORKERS} workers`,
  );
  console.log(`  processed ${processed}, failed ${failed}, wall ${(wallMs / 1000).toFixed(1)} s`);
  console.log(
    `  ${((processed / wallMs) * 60_000).toFixed(0)} rows/min, ${(((processed * TEMPLATE_IDS.length) / wallMs) * 60_000).toFixed(0)} mockups/min`,
  );
  console.log(
    `  CPU per row (this process: workers and renderer; the API server runs in another): ${((cpu.user + cpu.system) / 1000 / Math.max(1, processed)).toFixed(0)} ms  target ≤ 1400 ms`,
  );
  console.log(
    `  worker time: rendering (incl. artwork download) ${pct(times.renderMs)}, uploads ${pct(times.uploadMs)}, claim/save/other ${pct(apiMs)}`,
  );
  console.log(
    `  overhead (everything but rendering): ${pct(workerMs - times.renderMs)} of worker time (target ≤ 10 %)`,
  );
} finally {
  if (server) {
    server.kill('SIGTERM');
    await new Promise((done) => server.once('close', done));
  }
  rmSync(home, { recursive: true, force: true });
}
