export * from './API.js';
export * from './openApiDocument.js';
export * from './RouteContract.js';
