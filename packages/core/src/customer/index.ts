export * from './Customer.js';
