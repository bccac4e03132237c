import type { PGlite } from '@electric-sql/pglite';

/** What SQL functions take: anything that runs one parameterised statement. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

/**
 * The database as the server sees it, over PGlite or `pg`. int8 and numeric columns come back
 * as JS numbers in both, so SQL functions never see driver differences.
 */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'pg';
  /** How another client reaches the same database: the background jobs (src/jobs) open their own. */
  readonly source: DbSource;
  /** Runs `fn` in one transaction; a throw rolls it back. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export const INT8_OID = 20;
export const NUMERIC_OID = 1700;

/** The embedded instance itself, or the server and schema a pool of `pg` connects to. */
export type DbSource =
  | { kind: 'pglite'; pglite: PGlite }
  | { kind: 'pg'; connectionString: string; schema: string | undefined };
