export * from './channelMessage.js';
export * from './constants.js';
export * from './Notification.js';
export * from './NotificationChannel.js';
export * from './repeatAlert.js';
export * from './retrySchedule.js';
export * from './sha256.js';
export * from './signWebhook.js';
