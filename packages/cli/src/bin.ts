#!/usr/bin/env node
import { enableCompileCache } from 'node:module';
import { baselineWasmArgs } from './baselineWasm.js';

// `printloom serve` on the embedded database starts again at once (same process id) with V8's
// baseline WebAssembly compiler only: see baselineWasm.ts.
const again = baselineWasmArgs(process.argv, process.execArgv, process.env);
if (again && typeof process.execve === 'function' && process.platform !== 'win32') {
  process.execve(process.execPath, [process.execPath, ...again], process.env);
}

// The CLI loads a few hundred modules on every run; Node keeps their compiled code in its
// on-disk cache (the OS temp folder) so the next run skips compiling them again.
enableCompileCache?.();
const { run } = await import('./program.js');

process.exitCode = await run(process.argv.slice(2));
