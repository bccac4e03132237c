#!/usr/bin/env node
// The `printloom` command as npm links it. npm links a workspace's bin into node_modules/.bin
// only when the file exists at install time, so the bin is this committed file and not
// dist/bin.js, which `npm run build` writes later: after `npm ci` in a fresh clone,
// `npx printloom` finds this file instead of failing with "could not determine executable to
// run" (and instead of looking the name up in the registry).
import { existsSync } from 'node:fs';

const entry = new URL('../dist/bin.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write(
    'printloom: the CLI is not built yet: run `npm run build` (or `npm start`) in the repository first\n',
  );
  process.exit(1);
}
await import(entry.href);
