export * from './constants.js';
export * from './fnv1a.js';
export * from './resolveImagePath.js';
export * from './uploadFileName.js';
