export * from './constants.js';
export * from './menuFor.js';
