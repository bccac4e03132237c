#!/usr/bin/env node
import { enableCompileCache } from 'node:module';

// The CLI loads a few hundred modules on every run; Node keeps their compiled code in its
// on-disk cache (the OS temp folder) so the next run skips compiling them again.
enableCompileCache?.();
const { run } = await import('./program.js');

process.exitCode = await run(process.argv.slice(2));
