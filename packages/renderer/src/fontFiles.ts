/**
 * `@printloom/renderer/fonts`: the renderer's font files for packages that serve them (the
 * dashboard's /fonts/), so the browser and the Node renderer load the very same file. Node only.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export { woffToTtf } from './woffToTtf.js';

/** The bundled Roboto Regular TrueType file (Apache 2.0, assets/fonts/LICENSE-Roboto.txt). */
export function robotoFontFile(): string {
  // src/ and dist/ both sit directly under the package folder.
  return join(dirname(fileURLToPath(import.meta.url)), '..', 'assets', 'fonts', 'Roboto.ttf');
}
