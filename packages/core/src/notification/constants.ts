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
