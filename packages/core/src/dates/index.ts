export * from './constants.js';
export * from './dateRange.js';
export * from './parseApiDate.js';
export * from './userDateTimeInput.js';
