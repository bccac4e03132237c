export * from './constants.js';
export * from './referral.js';
