export * from './Currency.js';
export * from './Location.js';
