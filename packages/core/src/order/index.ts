export * from './constants.js';
export * from './OrderSchemas.js';
export * from './orderMachine.js';
export * from './printFiles.js';
export * from './senDesign.js';
