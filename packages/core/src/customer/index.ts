export * from './AbandonedCheckout.js';
export * from './Customer.js';
