/** The V8 flag that keeps WebAssembly on its baseline compiler (Liftoff), never optimising it. */
export const BASELINE_WASM_FLAG = '--liftoff-only';

/**
 * The Node arguments to start `printloom serve` again with, when it runs the embedded database
 * (PGlite, no DATABASE_URL) and was not started with {@link BASELINE_WASM_FLAG}; null otherwise.
 *
 * PGlite is Postgres compiled to WebAssembly. On Node 24, V8's optimising compiler compiles its
 * hot functions during the server's start-up, and that compiler's working memory is most of the
 * process's peak: 850 MB against 390 MB with the baseline compiler alone, for list queries about
 * 30 % slower (`npm run bench:memory -w @printloom/server` prints both). The flag cannot be set
 * once Node runs, so the command starts again with it. PRINTLOOM_WASM_OPTIMIZE=1 keeps the
 * optimising compiler; a server on Postgres runs no WebAssembly and is left alone.
 */
export function baselineWasmArgs(
  argv: readonly string[],
  execArgv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): string[] | null {
  const [, script, command] = argv;
  if (command !== 'serve' || script === undefined) return null;
  if (env.DATABASE_URL || env.PRINTLOOM_WASM_OPTIMIZE === '1') return null;
  if (execArgv.includes(BASELINE_WASM_FLAG)) return null;
  return [...execArgv, BASELINE_WASM_FLAG, ...argv.slice(1)];
}
