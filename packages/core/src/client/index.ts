export * from './ClientInfo.js';
export * from './parseTrace.js';
