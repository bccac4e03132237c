import { describe, expect, it } from 'vitest';
import { BASELINE_WASM_FLAG, baselineWasmArgs } from './baselineWasm.js';

describe('baselineWasmArgs', () => {
  const argv = ['/usr/bin/node', '/app/bin.js', 'serve', '--demo'];

  it('starts serve on the embedded database again with the baseline WebAssembly compiler', () => {
    expect(baselineWasmArgs(argv, ['--enable-source-maps'], {})).toEqual([
      '--enable-source-maps',
      BASELINE_WASM_FLAG,
      '/app/bin.js',
      'serve',
      '--demo',
    ]);
  });

  it('leaves alone other commands, Postgres, a second start and the opt-out', () => {
    expect(baselineWasmArgs(['/n', '/app/bin.js', 'render', 'mockup'], [], {})).toBeNull();
    expect(baselineWasmArgs(argv, [], { DATABASE_URL: 'postgres://db/x' })).toBeNull();
    expect(baselineWasmArgs(argv, [BASELINE_WASM_FLAG], {})).toBeNull();
    expect(baselineWasmArgs(argv, [], { PRINTLOOM_WASM_OPTIMIZE: '1' })).toBeNull();
    // An empty DATABASE_URL is the embedded database, as `serve` reads it.
    expect(baselineWasmArgs(argv, [], { DATABASE_URL: '' })).not.toBeNull();
  });
});
