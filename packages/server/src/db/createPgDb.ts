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
  if (schema) {
    const setup = new pg.Client({ connectionString: options.connectionString });
    await setup.connect();
    await setup.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await setup.end();
  }
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    types,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
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
