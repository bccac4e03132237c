export * from './API.js';
export { OUTBOX_LIST_LIMIT, OutboxMail } from './dev.js';
export * from './openApiDocument.js';
export * from './RouteContract.js';
