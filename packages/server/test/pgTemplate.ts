import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type pg from 'pg';
import { buildApp } from '../src/app.js';
import { hashMigrations } from './migrationsDigest.js';

const loadPg = () => createRequire(import.meta.url)('pg') as typeof pg;

/** The schema a test database's tables live in (each test app has a database of its own). */
export const PG_TEST_SCHEMA = 'app';
/** Template databases are named by what they hold; older ones are dropped when a new one is made. */
const TEMPLATE_PREFIX = 'printloom_tpl_';
/** Taken while the template is checked or built: test files in parallel workers wait on it. */
const TEMPLATE_LOCK = 7_301_947;

/** Names the template by every migration file's name and text and the job queue's version. */
function templateName(): string {
  const hash = hashMigrations(createHash('sha256'));
  hash.update(readFileSync(createRequire(import.meta.url).resolve('pg-boss/package.json')));
  return `${TEMPLATE_PREFIX}${hash.digest('hex').slice(0, 16)}`;
}

function urlOf(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdmin<T>(base: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new (loadPg().Client)({ connectionString: base });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * A database with every migration applied and the job queue installed, made once per set of
 * migrations on the server and kept there: a test app's database is a copy of it (CREATE
 * DATABASE … TEMPLATE, tens of milliseconds) instead of running 60-odd migrations in a new
 * schema (one to two seconds each time).
 */
async function ensureTemplate(base: string): Promise<string> {
  const name = templateName();
  await withAdmin(base, async (admin) => {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount) return;
      const building = `${name}_build`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      const app = await buildApp({
        secret: 'template',
        databaseUrl: urlOf(base, building),
        dbSchema: PG_TEST_SCHEMA,
      });
      await app.close();
      // Renamed when complete, so no test ever copies a half-built template.
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      const old = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE $1 AND datname <> $2`,
        [`${TEMPLATE_PREFIX}%`, name],
      );
      for (const { datname } of old.rows) {
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      }
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
  return name;
}

let template: Promise<string> | undefined;

export interface PgTestDatabase {
  /** Connection string of the new database. */
  url: string;
  drop(): Promise<void>;
}

/** A new database copied from the migrated template, on the server `base` points at. */
export async function freshPgDatabase(base: string): Promise<PgTestDatabase> {
  if (!template) {
    template = ensureTemplate(base);
    template.catch(() => {
      template = undefined;
    });
  }
  const source = await template;
  const name = `t_${randomBytes(6).toString('hex')}`;
  // A copy fails while another session is connected to the template: only the build is.
  const copied = await withAdmin(base, (admin) =>
    whenUnused(admin, `CREATE DATABASE ${name} TEMPLATE ${source}`, 20, 100),
  );
  if (!copied) throw new Error(`template database ${source} stayed in use; ${name} not made`);
  return { url: urlOf(base, name), drop: () => dropDatabase(base, name) };
}

/**
 * Runs `statement` (a CREATE or DROP DATABASE) until no other session is connected to the
 * database it needs alone: at most `attempts` times, `waitMs` apart. False when it never was.
 */
async function whenUnused(
  admin: pg.Client,
  statement: string,
  attempts: number,
  waitMs: number,
): Promise<boolean> {
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    try {
      await admin.query(statement);
      return true;
    } catch (error) {
      if (!String(error).includes('is being accessed by other users')) throw error;
      await new Promise((done) => setTimeout(done, waitMs));
    }
  }
  return false;
}

/**
 * Drops a test database once the app's connections have gone: a closed app's last clients may
 * still be saying goodbye, and FORCE would cut them off with an error nobody is listening for.
 * Only a connection still there after five seconds is cut off.
 */
async function dropDatabase(base: string, name: string): Promise<void> {
  await withAdmin(base, async (admin) => {
    if (await whenUnused(admin, `DROP DATABASE IF EXISTS ${name}`, 100, 50)) return;
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}
