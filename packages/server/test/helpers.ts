import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { BOT_CHECK_HEADER, type BotCheckChallenge } from '@printloom/core';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { ServerConfig } from '../src/config.js';
import { dropPgSchema } from '../src/db/createPgDb.js';
import { seedCatalog } from '../src/demo/seedCatalog.js';
import { jobsSchemaFor } from '../src/jobs/createJobRunner.js';
import { insertGrant } from '../src/sql/sessions.js';
import { insertUser, type NewUser } from '../src/sql/users.js';
import { migratedPgliteImage } from './pgliteImage.js';
import { freshPgDatabase, PG_TEST_SCHEMA } from './pgTemplate.js';

export const PASSWORD = 'correct-horse-battery';

export const POSTGRES_NOT_RUN = 'postgres: not run, DATABASE_URL unset';

/**
 * PGlite always; real Postgres too when DATABASE_URL is set. Without it, every test file that
 * uses the database shows a skipped test saying the Postgres half did not run — and in CI
 * (CI=true) the file fails instead, so a run without Postgres can never pass as complete.
 */
export function databaseBackends(
  env: Readonly<Record<string, string | undefined>> = process.env,
  skip: (name: string, fn: () => void) => void = it.skip,
): Array<'pglite' | 'pg'> {
  if (env.DATABASE_URL) return ['pglite', 'pg'];
  if (env.CI === 'true') {
    throw new Error(
      'CI must run the database tests on PostgreSQL too, but DATABASE_URL is unset (.ci/run sets it).',
    );
  }
  // Registered on the test file importing this module, as it is collected.
  skip(POSTGRES_NOT_RUN, () => {});
  return ['pglite'];
}

export const BACKENDS = databaseBackends();

export interface TestApp {
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * An app on a fresh database: in-memory PGlite from the migrated image, or on Postgres a
 * database of its own copied from the migrated template (test/pgTemplate.ts), dropped after.
 */
export async function createTestApp(
  backend: 'pglite' | 'pg',
  extra: Partial<ServerConfig> = {},
): Promise<TestApp> {
  const database = backend === 'pg' ? await freshPgDatabase(requiredDatabaseUrl()) : undefined;
  const app = await buildApp({
    secret: 'test-secret',
    authRateLimit: 10_000,
    // The real ALTCHA check, with little work per solution so tests stay quick.
    botCheck: { altchaCost: 1, altchaMaxCounter: 20 },
    ...(database
      ? { databaseUrl: database.url, dbSchema: PG_TEST_SCHEMA }
      : extra.dataDir
        ? {}
        : { pgliteImage: await migratedPgliteImage() }),
    ...extra,
  });
  await seedCatalog(app.db, app.blobDir);
  return {
    app,
    close: async () => {
      await app.close();
      await database?.drop();
    },
  };
}

function requiredDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('a Postgres test app needs DATABASE_URL');
  return url;
}

/** A fresh Postgres schema name for one test app. */
export const newTestSchema = () => `t_${randomBytes(6).toString('hex')}`;

/** Drops a test app's schema and its background jobs' schema. */
export async function dropTestSchema(schema: string): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  await dropPgSchema(url, schema);
  await dropPgSchema(url, jobsSchemaFor(schema));
}

let passwordHash: Promise<string> | undefined;

export async function createUser(app: FastifyInstance, user: Partial<NewUser> & { email: string }) {
  passwordHash ??= hash(PASSWORD);
  return insertUser(app.db, {
    name: user.email.split('@')[0] ?? 'user',
    passwordHash: await passwordHash,
    emailVerified: true,
    ...user,
  });
}

export async function grant(
  app: FastifyInstance,
  sellerId: number,
  memberId: number,
  permissions: string[],
) {
  await insertGrant(app.db, { sellerId, memberId, role: 'staff', permissions });
}

export function body<T = Record<string, unknown>>(
  response: LightMyRequestResponse,
): {
  success: boolean;
  data: T;
  message?: string;
  errors?: Record<string, string[]>;
  customPayload?: Record<string, unknown>;
} {
  return response.json();
}

export async function login(
  app: FastifyInstance,
  email: string,
  password = PASSWORD,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/auth/seller/login',
    payload: { email, password },
  });
  const token = body<{ access_token?: string }>(response).data?.access_token;
  if (!token) throw new Error(`login failed: ${response.body}`);
  return token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A seller with one campaign made of the first catalog template. */
export async function campaignOf(
  app: FastifyInstance,
  token: string,
  name = 'My campaign',
): Promise<{ id: number; products: Array<{ id: number; template_id: number }> }> {
  const templates = body<{ data: Array<{ id: number }> }>(
    await app.inject({ method: 'GET', url: '/seller/product-templates', headers: bearer(token) }),
  ).data.data;
  const response = await app.inject({
    method: 'POST',
    url: '/seller/campaign',
    headers: bearer(token),
    payload: { name, products: [{ template_id: templates[0]?.id }] },
  });
  if (response.statusCode !== 200) throw new Error(response.body);
  return body<{ id: number; products: Array<{ id: number; template_id: number }> }>(response).data;
}

/**
 * A session of a team member acting for `sellerId` with exactly `permissions` (spec §6
 * authorized account): the member is created, granted, logged in and switched.
 */
export async function memberSession(
  app: FastifyInstance,
  sellerId: number,
  email: string,
  permissions: string[],
): Promise<string> {
  const member = await createUser(app, { email });
  await grant(app, sellerId, member.id, permissions);
  return switchedTo(app, await login(app, email), sellerId);
}

/** Switches a signed-in member to a seller; the new session's token. */
export async function switchedTo(
  app: FastifyInstance,
  token: string,
  sellerId: number,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/seller/switch-account',
    headers: bearer(token),
    payload: { seller_id: sellerId },
  });
  const switched = body<{ access_token?: string }>(response).data?.access_token;
  if (!switched) throw new Error(`switch failed: ${response.body}`);
  return switched;
}

/**
 * A solved bot check for the X-Bot-Check header: asks the app for a challenge and solves it as
 * the browser's ALTCHA widget does (altcha-lib), giving the same base64 payload.
 */
export async function solveBotCheck(app: FastifyInstance): Promise<string> {
  const answer = await app.inject({ method: 'GET', url: '/auth/bot-check/challenge' });
  const { data } = body<BotCheckChallenge>(answer);
  if (data.provider !== 'altcha') throw new Error(`bot check is ${data.provider}, not altcha`);
  const challenge = data.challenge as unknown as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the ALTCHA challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** The X-Bot-Check header with a freshly solved check. */
export const botChecked = async (app: FastifyInstance) => ({
  [BOT_CHECK_HEADER]: await solveBotCheck(app),
});
