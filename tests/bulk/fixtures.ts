import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import { inject } from 'vitest';

export const ROOT = resolve(fileURLToPath(new URL('../../', import.meta.url)));
export const NODE = join(ROOT, 'node_modules/.bin/node');
export const BIN = join(ROOT, 'packages/cli/dist/bin.js');
export const DEMO_SELLER = 'demo@printloom.test';
export const DEMO_PASSWORD = 'printloom-demo';

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

export interface Printloom {
  (
    args: string[],
    options?: { stdin?: string },
  ): Promise<{
    code: number | null;
    stdout: string;
    stderr: string;
  }>;
  spawn(args: string[]): ChildProcess;
}

/** Runs the built `printloom` binary with its own config directory. */
export function printloom(env: Record<string, string>): Printloom {
  const start = (args: string[]) =>
    spawn(NODE, [BIN, ...args], {
      env: { ...process.env, ...env, DATABASE_URL: '' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
  const runIt = (args: string[], options: { stdin?: string } = {}) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
      const child = start(args);
      let stdout = '';
      let stderr = '';
      child.stdout?.on('data', (c) => {
        stdout += String(c);
      });
      child.stderr?.on('data', (c) => {
        stderr += String(c);
      });
      child.stdin?.end(options.stdin ?? '');
      child.on('close', (code) => done({ code, stdout, stderr }));
    });
  return Object.assign(runIt, { spawn: start });
}

/** Starts `printloom serve --demo` on a free port and waits until it answers. */
export async function startServe(
  cli: Printloom,
  dataDir: string,
): Promise<{ url: string; child: ChildProcess }> {
  // From a copy of the run's seeded demo directory, when the global setup made one.
  const template = inject('demoDataDir');
  if (template && !existsSync(dataDir)) cpSync(template, dataDir, { recursive: true });
  const port = await freePort();
  // The tests run their own `bulk run` workers: the server's own stay off.
  const child = cli.spawn([
    'serve',
    '--demo',
    '--port',
    String(port),
    '--data-dir',
    dataDir,
    '--workers',
    '0',
  ]);
  child.stdout?.resume();
  child.stderr?.resume();
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 480; i += 1) {
    try {
      if ((await fetch(`${url}/api3/version`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  child.kill('SIGKILL');
  throw new Error('printloom serve did not start');
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * An RGBA PNG of `width` × `height`, encoded without any image library: `paint` writes each
 * pixel's red, green, blue and alpha at `at` in the scanline buffer.
 */
export function encodePng(
  width: number,
  height: number,
  paint: (raw: Buffer, at: number, x: number, y: number) => void,
): Buffer {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 4 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x += 1) paint(raw, row + 1 + x * 4, x, y);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A solid-colour RGBA PNG with a lighter square, encoded without any image library. */
export function artworkPng(width: number, height: number, seed: number): Buffer {
  const hue = (seed * 47) % 256;
  return encodePng(width, height, (raw, at, x, y) => {
    const inner = x > width / 4 && x < (3 * width) / 4 && y > height / 4 && y < (3 * height) / 4;
    raw[at] = inner ? 255 : hue;
    raw[at + 1] = inner ? 240 : (hue * 3) % 256;
    raw[at + 2] = inner ? 200 : 255 - hue;
    raw[at + 3] = 255;
  });
}

export function writeArtwork(dir: string, count: number): void {
  mkdirSync(dir, { recursive: true });
  for (let i = 1; i <= count; i += 1) {
    writeFileSync(join(dir, `design-${String(i).padStart(3, '0')}.png`), artworkPng(240, 300, i));
  }
}

export function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((done) => {
    if (child.exitCode !== null) done(child.exitCode);
    else child.on('close', (code) => done(code));
  });
}
