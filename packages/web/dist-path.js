// Where the built dashboard lives (`npm run build -w @printloom/web` writes it), for the server
// that serves it: `import { webDist } from '@printloom/web/dist-path'`. Plain JavaScript beside
// package.json, so it exists before any build and in an image that dropped the sources.
import { fileURLToPath } from 'node:url';

/** Absolute path of the built dashboard directory, with a trailing separator. */
export const webDist = fileURLToPath(new URL('./dist/', import.meta.url));
