export * from './AbandonedCheckout.js';
export * from './Customer.js';
export * from './OrderCare.js';
