import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type Db, INT8_OID, NUMERIC_OID, type Queryable } from './Db.js';
import { PGLITE_MEMORY, type PgliteMemory, pgliteStartParams } from './pgliteMemory.js';

/**
 * PGlite in `dataDir`, or in memory when `dataDir` is undefined (tests); an in-memory database
 * starts from `image` (a `dumpDataDir` tarball) when one is given, skipping initdb.
 */
export async function createPgliteDb(
  dataDir?: string,
  memory: PgliteMemory = PGLITE_MEMORY,
  image?: Blob,
): Promise<Db> {
  // pg_trgm backs the campaign search index (migration 004), as it does on real Postgres.
  const options = {
    parsers: { [INT8_OID]: Number, [NUMERIC_OID]: Number },
    extensions: { pg_trgm },
    startParams: pgliteStartParams(memory),
    ...(image && !dataDir ? { loadDataDir: image } : {}),
  };
  const pg = dataDir ? await PGlite.create(dataDir, options) : await PGlite.create(options);
  const query = async <T>(sql: string, params?: readonly unknown[]): Promise<T[]> => {
    const result = await pg.query<T>(sql, params ? [...params] : []);
    return result.rows;
  };
  return {
    kind: 'pglite',
    source: { kind: 'pglite', pglite: pg },
    query,
    transaction: async <T>(fn: (tx: Queryable) => Promise<T>) =>
      pg.transaction(async (tx) =>
        fn({
          query: async <R>(sql: string, params?: readonly unknown[]) =>
            (await tx.query<R>(sql, params ? [...params] : [])).rows,
        }),
      ),
    close: async () => {
      await pg.close();
    },
  };
}
