import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createPgliteDb } from '../src/db/createPgliteDb.js';
import { migrate } from '../src/db/migrate.js';
import { hashMigrations } from './migrationsDigest.js';

/** Names the image by what it holds: PGlite's version and every migration file's name and text. */
function imageName(): string {
  const hash = createHash('sha256');
  // PGlite's own build: its package.json, found above the entry point (not in its exports).
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  hash.update(readFileSync(join(dir, 'package.json')));
  return `printloom-pglite-${hashMigrations(hash).digest('hex').slice(0, 16)}.tar`;
}

async function buildImage(): Promise<Blob> {
  const file = join(tmpdir(), imageName());
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const db = await createPgliteDb();
  try {
    await migrate(db);
    if (db.source.kind !== 'pglite') throw new Error('expected an in-memory PGlite');
    const image = await db.source.pglite.dumpDataDir('none');
    // Written under a name of its own, then renamed: test files in parallel workers may build
    // the same image at once, and none may read a half-written one.
    const partial = `${file}.${process.pid}.${Date.now()}`;
    writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
    renameSync(partial, file);
    return image;
  } finally {
    await db.close();
  }
}

let image: Promise<Blob> | undefined;

/**
 * A dump of an in-memory PGlite with every migration applied, made once per set of migrations
 * (kept in the temporary directory) and shared by the test files: each test app loads it
 * instead of running initdb and 50-odd migrations.
 */
export function migratedPgliteImage(): Promise<Blob> {
  image ??= buildImage();
  return image;
}
