// Start-up of `printloom render mockup` for a 2D template: wall and CPU seconds of the whole
// command (median of interleaved runs), now (Node's compiled-code cache warm, as from the second
// run on a machine), now without that cache (NODE_DISABLE_COMPILE_CACHE=1, as a first run), and
// with playwright-core and sharp loaded up front as they were before they became lazy (the 3D
// pool and the PNG encoder load them on first use).
//   node bench/startup.js [runs=5]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const RUNS = Number(process.argv[2] ?? 5);
const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const ART = fileURLToPath(new URL('../../renderer/templates/tshirt/crop.png', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'printloom-startup-'));

function once(preload, env = {}) {
  const args = [
    '-f',
    '%e %U %S',
    process.execPath,
    ...preload.flatMap((name) => ['--import', name]),
    BIN,
    'render',
    'mockup',
    '--template',
    'tshirt',
    '--design',
    ART,
    '--out',
    join(dir, 'mockup.jpg'),
  ];
  const run = spawnSync('/usr/bin/time', args, {
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  if (run.status !== 0) throw new Error(run.stderr);
  const [wall, user, system] = run.stderr.trim().split('\n').at(-1).split(' ').map(Number);
  return { wall, cpu: user + system };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const now = [];
const uncached = [];
const before = [];
try {
  for (let i = 0; i < RUNS; i += 1) {
    now.push(once([]));
    uncached.push(once([], { NODE_DISABLE_COMPILE_CACHE: '1' }));
    before.push(once(['playwright-core', 'sharp'], { NODE_DISABLE_COMPILE_CACHE: '1' }));
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const line = (label, runs) =>
  console.log(
    `${label.padEnd(62)} wall ${median(runs.map((r) => r.wall)).toFixed(2)} s, CPU ${median(runs.map((r) => r.cpu)).toFixed(2)} s`,
  );
console.log(`printloom render mockup (2D, t-shirt, 2000 px JPEG), median of ${RUNS} runs:`);
line('  now (compiled-code cache warm)', now);
line('  now without the compiled-code cache (a first run)', uncached);
line('  before (playwright-core and sharp loaded up front, no cache)', before);
console.log(
  `  CPU now / before: ${(median(now.map((r) => r.cpu)) / median(before.map((r) => r.cpu))).toFixed(2)}x   target: wall ≤ 0.6 s`,
);
