export * from './bulkPricing.js';
export * from './stockBaseCosts.js';
