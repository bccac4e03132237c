export * from './constants.js';
export * from './OrderSchemas.js';
export * from './orderMachine.js';
