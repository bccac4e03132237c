import type { Hash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';

const MIGRATIONS = new URL('../migrations/', import.meta.url);

/**
 * Feeds every migration file's name and text to `hash`, in order: a migrated test database
 * (the PGlite image, the Postgres template) is named by it, so a changed migration makes a new one.
 */
export function hashMigrations(hash: Hash): Hash {
  for (const name of readdirSync(MIGRATIONS).sort()) {
    hash.update(name);
    hash.update(readFileSync(new URL(name, MIGRATIONS)));
  }
  return hash;
}
