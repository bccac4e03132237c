export * from './ClientInfo.js';
