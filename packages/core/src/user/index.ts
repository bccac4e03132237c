export * from './User.js';
