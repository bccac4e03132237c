export * from './applyCase.js';
export * from './canAddText.js';
export * from './constants.js';
export * from './controlChars.js';
export * from './csv.js';
export * from './slugify.js';
export * from './textBoxWidth.js';
export * from './textLength.js';
