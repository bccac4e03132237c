export { buildApp } from './app.js';
export {
  openServiceSession,
  SERVICE_SESSION_SECONDS,
  type ServiceSession,
} from './auth/serviceSession.js';
export {
  parseServerSettings,
  SESSION_TTL_SECONDS,
  type ServerConfig,
  type ServerSettings,
  SettingsError,
} from './config.js';
export { createPgDb, dropPgSchema } from './db/createPgDb.js';
export { createPgliteDb } from './db/createPgliteDb.js';
export type { Db, Queryable } from './db/Db.js';
export { migrate } from './db/migrate.js';
export { openDb } from './db/openDb.js';
export {
  PGLITE_DEFAULT_MEMORY,
  PGLITE_MEMORY,
  type PgliteMemory,
} from './db/pgliteMemory.js';
export { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './demo/seedDemo.js';
export { type DemoHistory, seedDemoHistory } from './demo/seedDemoHistory.js';
export { jobsSchemaFor } from './jobs/createJobRunner.js';
export {
  defineJob,
  type JobContext,
  type JobDefinition,
  type JobRetry,
} from './jobs/defineJob.js';
export {
  type Environment,
  readServerEnvironment,
  type ServeFlags,
} from './readServerEnvironment.js';
export { sellersWithBulkWork } from './sql/bulkQueue.js';
export {
  type RunningServer,
  startServer,
  startServerFromEnvironment,
} from './startServer.js';
