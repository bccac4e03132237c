export * from './constants.js';
export * from './formatCurrency.js';
