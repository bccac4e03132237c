import { createRequire } from 'node:module';
import type PgModule from 'pg';

// Loaded through Node's own require: pg is CommonJS, and bundling test runners that resolve
// with the "import" condition hand pg-pool over as an ES module namespace, which breaks it.
// Loaded on first use so a PGlite-only process never loads it.
const loadPg = () => createRequire(import.meta.url)('pg') as typeof PgModule;

import { type Db, INT8_OID, NUMERIC_OID, type Queryable } from './Db.js';

export interface PgDbOptions {
  connectionString: string;
  /** Postgres schema to work in (created if missing); tests use one per file. */
  schema?: string;
  max?: number;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]*$/;

/** Where test schemas find the extensions the migrations use. */
const EXTENSION_SCHEMA = 'printloom_extensions';

/** Two test apps creating the same schema or extension at once: the loser's error is harmless. */
function ignoreRace(error: unknown): void {
  const code = (error as { code?: string }).code;
  if (code !== '23505' && code !== '42710' && code !== '42P06') throw error;
}

/** A `pg` pool on a real PostgreSQL (DATABASE_URL). */
export async function createPgDb(options: PgDbOptions): Promise<Db> {
  const pg = loadPg();
  const { schema } = options;
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new Error(`Invalid schema name "${schema}"`);
  }
  const types = {
    getTypeParser: (oid: number, format?: 'text' | 'binary') => {
      if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => Number(value);
      return pg.types.getTypeParser(oid, format);
    },
  };
  let searchPath = schema;
  if (schema) {
    const setup = new pg.Client({ connectionString: options.connectionString });
    await setup.connect();
    await setup.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    // An extension is installed once per database, into one schema. Left to migration 004 it
    // lands in the first test schema, where the other test schemas cannot see its operator
    // classes, and goes when that schema is dropped: parallel test apps then failed with
    // 'operator class "gin_trgm_ops" does not exist'. Test schemas share one home for it.
    await setup.query(`CREATE SCHEMA IF NOT EXISTS ${EXTENSION_SCHEMA}`).catch(ignoreRace);
    await setup
      .query(`CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA ${EXTENSION_SCHEMA}`)
      .catch(ignoreRace);
    const [home] = (
      await setup.query<{ nspname: string }>(
        `SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
         WHERE e.extname = 'pg_trgm'`,
      )
    ).rows;
    await setup.end();
    searchPath = `${schema},${home?.nspname ?? EXTENSION_SCHEMA}`;
  }
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    types,
    ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
  });
  const run = async <T>(
    client: PgModule.Pool | PgModule.PoolClient,
    sql: string,
    params?: readonly unknown[],
  ) => (await client.query(sql, params ? [...params] : [])).rows as T[];
  return {
    kind: 'pg',
    source: { kind: 'pg', connectionString: options.connectionString, schema },
    query: async <T>(sql: string, params?: readonly unknown[]) => run<T>(pool, sql, params),
    transaction: async <T>(fn: (tx: Queryable) => Promise<T>) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: async <R>(sql: string, params?: readonly unknown[]) => run<R>(client, sql, params),
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: async () => {
      await pool.end();
    },
  };
}

/** Drops a test schema and everything in it. */
export async function dropPgSchema(connectionString: string, schema: string): Promise<void> {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name "${schema}"`);
  const pg = loadPg();
  const client = new pg.Client({ connectionString });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
}
