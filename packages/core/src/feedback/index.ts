export * from './featureRequests.js';
