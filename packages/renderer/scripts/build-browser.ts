/**
 * Bundles the browser code into dist/browser/: `renderer.js` (drawDesign, drawMockup and the 3D
 * page glue, global `PrintloomRenderer`) with three.js inside, so a headless page loads it from
 * disk with no network. Run by `npm run build`; the Chromium pool builds it on first use when
 * missing.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildBrowserBundle } from '../src/node/browserBundle.ts';

const packageDir = join(fileURLToPath(import.meta.url), '..', '..');
const file = await buildBrowserBundle(join(packageDir, 'dist', 'browser'));
console.log(`wrote ${file}`);
