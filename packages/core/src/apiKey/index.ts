export * from './ApiKey.js';
export * from './constants.js';
export * from './PublicApi.js';
