export * from './constants.js';
export * from './exchange.js';
export * from './ledgerModel.js';
export * from './operations.js';
export * from './plans.js';
export * from './rules.js';
export * from './schemas.js';
