export * from './constants.js';
export * from './FeaturedInfo.js';
