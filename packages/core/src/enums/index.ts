export * from './billing.js';
export * from './catalog.js';
export * from './niches.js';
export * from './orders.js';
export * from './settings.js';
