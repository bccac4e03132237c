import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { ServerConfig } from './config.js';
import { seedCatalog } from './demo/seedCatalog.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './demo/seedDemo.js';
import { DEMO_HISTORY_DAYS, seedDemoHistory } from './demo/seedDemoHistory.js';
import {
  type Environment,
  readServerEnvironment,
  type ServeFlags,
} from './readServerEnvironment.js';

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

/** Builds the app, seeds (catalog always, demo data in demo mode) and listens. */
export async function startServer(
  config: ServerConfig,
  listen: { port: number; host: string },
  print: (line: string) => void = () => {},
): Promise<RunningServer> {
  const app = await buildApp(config);
  const settings = app.config;
  if (settings.demo) {
    const seeded = await seedDemo(app.db, app.blobDir);
    print(seeded ? 'Demo data seeded.' : 'Demo data already present.');
    const history = await seedDemoHistory(app);
    if (history) {
      print(
        `Demo history seeded: ${history.orders} orders, ${history.abandoned} abandoned checkouts, ${history.visits} visits over ${DEMO_HISTORY_DAYS} days (${history.ms} ms, ${history.cpuMs} ms CPU).`,
      );
    }
  } else {
    await seedCatalog(app.db, app.blobDir);
  }
  const address = await app.listen({ port: listen.port, host: listen.host });
  print(
    `Printloom listening on ${address} (${app.db.kind}${settings.databaseUrl ? '' : `, ${settings.dataDir ?? 'in memory'}`})`,
  );
  if (settings.demo) {
    print(`Demo logins (password "${DEMO_PASSWORD}"):`);
    for (const [role, email] of Object.entries(DEMO_ACCOUNTS))
      print(`  ${role.padEnd(9)} ${email}`);
  }
  return { app, url: address, close: () => app.close() };
}

/**
 * `printloom serve`: settings from its flags and the environment (readServerEnvironment), read
 * and checked here once, then startServer. Bad settings throw a SettingsError before anything
 * starts.
 */
export async function startServerFromEnvironment(
  input: { flags: ServeFlags; env: Environment },
  print: (line: string) => void = () => {},
): Promise<RunningServer> {
  const { config, listen } = readServerEnvironment(input.env, input.flags);
  const secret = config.secret ?? (await keptSecret(config.dataDir));
  return startServer({ ...config, secret }, listen, print);
}

/**
 * The HMAC key of signed upload URLs when PRINTLOOM_SECRET is unset: generated once and kept in
 * the data directory, so addresses (and sealed store keys) stay valid across restarts.
 */
async function keptSecret(dataDir: string): Promise<string> {
  const file = join(dataDir, 'secret');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}
