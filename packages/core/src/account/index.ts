export * from './AuthorizedAccount.js';
export * from './settings.js';
export * from './team.js';
export * from './emailGateways.js';
