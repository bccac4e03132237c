export * from './Colour.js';
export * from './clampBrightness.js';
export * from './constants.js';
export * from './isDarkColor.js';
export * from './parseBackgroundColor.js';
export * from './rgb.js';
