export * from './constants.js';
export * from './crossSelling.js';
