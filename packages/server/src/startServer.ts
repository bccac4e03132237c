import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { ServerConfig } from './config.js';
import { seedCatalog } from './demo/seedCatalog.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './demo/seedDemo.js';

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
  if (config.demo) {
    const seeded = await seedDemo(app.db, app.blobDir);
    print(seeded ? 'Demo data seeded.' : 'Demo data already present.');
  } else {
    await seedCatalog(app.db, app.blobDir);
  }
  const address = await app.listen({ port: listen.port, host: listen.host });
  print(
    `Printloom listening on ${address} (${app.db.kind}${config.databaseUrl ? '' : `, ${config.dataDir ?? 'in memory'}`})`,
  );
  if (config.demo) {
    print(`Demo logins (password "${DEMO_PASSWORD}"):`);
    for (const [role, email] of Object.entries(DEMO_ACCOUNTS))
      print(`  ${role.padEnd(9)} ${email}`);
  }
  return { app, url: address, close: () => app.close() };
}
