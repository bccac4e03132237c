export * from './collections.js';
export * from './constants.js';
export * from './content.js';
export * from './storeBaseUrl.js';
export * from './storefront.js';
export * from './storeState.js';
