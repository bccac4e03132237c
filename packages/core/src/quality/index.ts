export * from './constants.js';
export * from './imageDpi.js';
export * from './qualityLabel.js';
