export * from './artwork.js';
export * from './library.js';
