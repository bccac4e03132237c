export * from './AuthorizedAccount.js';
