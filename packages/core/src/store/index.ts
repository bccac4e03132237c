export * from './constants.js';
export * from './storeBaseUrl.js';
export * from './storeState.js';
