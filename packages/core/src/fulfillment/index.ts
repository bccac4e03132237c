export * from './constants.js';
export * from './FulfillmentOrder.js';
export * from './planFulfillmentImport.js';
export * from './shopConnections.js';
export * from './sku.js';
