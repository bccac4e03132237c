/** Notification type whose read state is posted for every one shown (spec §3, §4). */
export const NOTIFICATION_TYPE_SPECIAL_READ = 2;
/** Read-status actions (spec §4 Notification pop-up). */
export const NOTIFICATION_READ_ACTIONS = {
  /** Ticked 'Don't show this notification'. */
  dontShowAgain: 1,
  /** Every type-2 notification shown in the pop-up. */
  typeTwoSeen: 2,
} as const;
/** Pop-up fetch window, delay and bell list height (spec §9). */
export const NOTIFICATION_THROTTLE_MINUTES = 60;
export const NOTIFICATION_MODAL_DELAY_MS = 500;
export const NOTIFICATION_BELL_LIST_HEIGHT_PX = 250;
/** Prefix of a warning in the bell list (spec §2). */
export const NOTIFICATION_ALERT_PREFIX = '[ALERT]';

/** Where a seller's order alerts go (spec §3 notification channel types, Telegram from §2). */
export const CHANNEL_TYPES = ['discord', 'slack', 'ms_teams', 'telegram', 'webhook'] as const;
/** Events a channel can subscribe to (issue 13). */
export const CHANNEL_EVENTS = [
  'order.created',
  'order.changed.tracking',
  'order.changed.status',
] as const;
/** How an alert that waits to be handled repeats (spec §3 stop-and-repeat options). */
export const REPEAT_ALERTS = [
  'disabled',
  'until_end_time',
  'every_15_minutes',
  'hourly',
  'daily',
  'weekly',
] as const;
/** A repeat option's interval in seconds (`until_end_time` repeats hourly until its end). */
export const REPEAT_ALERT_SECONDS = {
  disabled: null,
  until_end_time: 3600,
  every_15_minutes: 900,
  hourly: 3600,
  daily: 86_400,
  weekly: 604_800,
} as const;
/**
 * Delivery attempts of one event, in seconds after the previous failure: immediately, 5 s,
 * 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (the Standard Webhooks schedule). After the last the
 * delivery has failed.
 */
export const WEBHOOK_RETRY_SCHEDULE_SECONDS = [
  0, 5, 300, 1800, 7200, 18_000, 36_000, 36_000,
] as const;
/** Custom webhook secrets: `whsec_` and the base64 of this many random bytes. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_SECRET_BYTES = 24;
/** Channels one seller may have. */
export const CHANNELS_PER_SELLER_MAX = 20;
/** Telegram's Bot API address (`https://api.telegram.org/bot<token>/sendMessage`). */
export const TELEGRAM_API_BASE = 'https://api.telegram.org';
export const CHANNEL_MESSAGES = {
  created: 'Notification channel added',
  updated: 'Notification channel saved',
  deleted: 'Notification channel removed',
  testQueued: 'A test event is on its way',
  redeliverQueued: 'The event will be delivered again',
  privateAddress:
    'This address is on a private or local network; webhooks go only to public addresses',
  badUrl: 'Enter the https address the service gave you',
  chatIdRequired: 'Enter the chat id the bot posts to',
  tooMany: `A seller may have at most ${CHANNELS_PER_SELLER_MAX} notification channels`,
} as const;
