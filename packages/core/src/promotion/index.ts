export * from './couponRules.js';
export * from './promotionOffer.js';
export * from './promotions.js';
