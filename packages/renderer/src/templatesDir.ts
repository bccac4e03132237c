/**
 * `@printloom/renderer/templates`: where the bundled mockup templates are on disk, for packages
 * that serve or seed them (the server copies them into its blob store). Node only.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The bundled templates' folder: manifest.json and one folder of layers (or a GLB) each. */
export function templatesDir(): string {
  // src/ and dist/ both sit directly under the package folder.
  return join(dirname(fileURLToPath(import.meta.url)), '..', 'templates');
}
