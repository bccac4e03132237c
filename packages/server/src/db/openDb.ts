import { mkdir } from 'node:fs/promises';
import { createPgDb } from './createPgDb.js';
import { createPgliteDb } from './createPgliteDb.js';
import type { Db } from './Db.js';
import { migrate } from './migrate.js';
import type { PgliteMemory } from './pgliteMemory.js';

export interface DbConfig {
  /** Real PostgreSQL when set. */
  databaseUrl?: string | undefined;
  /** Postgres schema to use (tests isolate each file in its own). */
  schema?: string | undefined;
  /** PGlite data directory; in memory when undefined. */
  dataDir?: string | undefined;
  /** PGlite's memory settings; the server's (PGLITE_MEMORY) when undefined. */
  pgliteMemory?: PgliteMemory | undefined;
  /** In-memory PGlite: the data directory dump to start from (see ServerSettings). */
  pgliteImage?: Blob | undefined;
}

/** Opens the configured database and brings its schema up to date. */
export async function openDb(config: DbConfig): Promise<Db> {
  let db: Db;
  if (config.databaseUrl) {
    db = await createPgDb({
      connectionString: config.databaseUrl,
      ...(config.schema ? { schema: config.schema } : {}),
    });
  } else {
    if (config.dataDir) await mkdir(config.dataDir, { recursive: true });
    db = await createPgliteDb(config.dataDir, config.pgliteMemory, config.pgliteImage);
  }
  await migrate(db);
  return db;
}
