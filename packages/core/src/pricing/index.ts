export * from './bulkPricing.js';
export * from './pricingAnalytics.js';
export * from './stockBaseCosts.js';
