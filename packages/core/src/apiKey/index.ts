export * from './ApiKey.js';
export * from './constants.js';
