export * from './constants.js';
export * from './Notification.js';
