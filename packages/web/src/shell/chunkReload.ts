import { CHUNK_RELOAD_INTERVAL_MS } from '../constants.js';

/** Messages browsers give when a lazy chunk of an older deployment is gone. */
const CHUNK_ERROR =
  /dynamically imported module|Importing a module script failed|ChunkLoadError|Loading chunk/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_ERROR.test(error.message);
}

/**
 * Whether a chunk failure should reload the page now (spec §8): at most once per 60 s, the time
 * of the last reload being kept in session storage, so a truly missing chunk cannot loop.
 */
export function shouldReloadForChunk(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || now - lastReloadAt >= CHUNK_RELOAD_INTERVAL_MS;
}
