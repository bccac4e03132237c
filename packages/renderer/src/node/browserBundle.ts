import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The renderer package's folder, from src/node or dist/node alike. */
export const PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BROWSER_BUNDLE = join(PACKAGE_DIR, 'dist', 'browser', 'renderer.js');

/**
 * Bundles src/browser.ts (with @printloom/core and three.js from their sources) into one IIFE
 * file defining `PrintloomRenderer`, for pages that must not touch the network.
 */
export async function buildBrowserBundle(outDir: string): Promise<string> {
  const { build } = await import('rolldown');
  const file = join(outDir, 'renderer.js');
  await build({
    input: join(PACKAGE_DIR, 'src', 'browser.ts'),
    platform: 'browser',
    resolve: { conditionNames: ['@printloom/source', 'browser', 'import', 'default'] },
    output: { file, format: 'iife', name: 'PrintloomRenderer', minify: true },
    logLevel: 'warn',
  });
  return file;
}

let fromSources: Promise<string> | undefined;

/**
 * The bundle path. Running from the TypeScript sources (tests, development) it is built once
 * per process into a temporary folder, so a page never runs an older build than the code
 * around it; from dist it is the bundle `npm run build` wrote, built first if missing.
 */
export async function ensureBrowserBundle(): Promise<string> {
  if (import.meta.url.endsWith('.ts')) {
    fromSources ??= mkdtemp(join(tmpdir(), 'printloom-renderer-')).then(buildBrowserBundle);
    return fromSources;
  }
  if (existsSync(BROWSER_BUNDLE)) return BROWSER_BUNDLE;
  return buildBrowserBundle(dirname(BROWSER_BUNDLE));
}
