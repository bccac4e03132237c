export * from './address.js';
export * from './gatewayAccounts.js';
export * from './paths.js';
export * from './regions.js';
export * from './schemas.js';
export * from './shipping.js';
export * from './testCards.js';
export * from './totals.js';
