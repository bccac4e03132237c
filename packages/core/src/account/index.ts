export * from './AuthorizedAccount.js';
export * from './auditLog.js';
export * from './emailGateways.js';
export * from './settings.js';
export * from './team.js';
