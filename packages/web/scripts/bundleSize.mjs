// Prints the gzip size of what the browser loads before the first page shows: the entry chunk
// and its static imports, then the same plus the login page and its layout (login + shell).
// Fails (exit code 1) when login + shell JS is over the target.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const TARGET_KB = 200;

function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key]?.imports ?? [], seen);
  }
  return seen;
}

function gzipKb(keys, ext) {
  let raw = 0;
  let gz = 0;
  for (const key of keys) {
    const chunk = manifest[key];
    const files = ext === 'js' ? [chunk.file] : (chunk.css ?? []);
    for (const file of files) {
      const bytes = readFileSync(join(dist, file));
      raw += bytes.length;
      gz += gzipSync(bytes, { level: 9 }).length;
    }
  }
  return { raw: raw / 1024, gz: gz / 1024 };
}

function findKey(fragment) {
  const key = Object.keys(manifest).find((name) => name.includes(fragment));
  if (!key) throw new Error(`No chunk in the manifest matches ${fragment}`);
  return key;
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entry) throw new Error('The manifest has no entry chunk');
const initial = closure([entry]);
const loginShell = closure([entry, findKey('pages/auth/LoginPage'), findKey('layouts/AuthLayout')]);
const dashboardShell = closure([
  entry,
  findKey('layouts/DefaultLayout'),
  findKey('pages/DashboardPage'),
]);
const lazyPages = Object.values(manifest).filter((chunk) => chunk.isDynamicEntry).length;

const line = (label, size) =>
  console.log(
    `${label.padEnd(34)} ${size.gz.toFixed(1).padStart(7)} KB gzip (${size.raw.toFixed(1)} KB raw)`,
  );
line('initial JS (entry + static imports)', gzipKb(initial, 'js'));
line('login + shell JS', gzipKb(loginShell, 'js'));
line('dashboard + shell JS', gzipKb(dashboardShell, 'js'));
line('initial CSS', gzipKb(initial, 'css'));
console.log(`lazy chunks: ${lazyPages}; target for login + shell JS: <= ${TARGET_KB} KB gzip`);
const loginKb = gzipKb(loginShell, 'js').gz;
// Over the target the build fails: the budget is kept by the build, not by a reader of its log.
if (loginKb > TARGET_KB) {
  console.error(
    `login + shell JS is over the target of ${TARGET_KB} KB gzip by ${(loginKb - TARGET_KB).toFixed(1)} KB: make more of it lazy`,
  );
  process.exitCode = 1;
}
