export * from './overview.js';
