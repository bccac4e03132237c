export * from './artwork.js';
export * from './buyer.js';
export * from './library.js';
