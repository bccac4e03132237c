export * from './couponRules.js';
export * from './promotions.js';
