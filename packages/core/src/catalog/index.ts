export * from './constants.js';
export * from './Mockup.js';
export * from './MockupLayers.js';
export * from './MockupTemplate.js';
export * from './Product.js';
export * from './ProductOptions.js';
export * from './ProductTemplate.js';
export * from './TemplatePrintSpace.js';
