export * from './library.js';
