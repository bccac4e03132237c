export * from './API.js';
/*
 * Two groups by name, for the dashboard's shell, which checks a user against the bulk workers'
 * first calls before loading anything else of the table.
 */
export { bulkRegular } from './bulkRegular.js';
export { bulkV3 } from './bulkV3.js';
export { OUTBOX_LIST_LIMIT, OutboxMail } from './dev.js';
export * from './groupLoaders.js';
export * from './openApiDocument.js';
export * from './RouteContract.js';
