import { REPEAT_ALERT_SECONDS } from './constants.js';
import type { RepeatAlert } from './NotificationChannel.js';

/**
 * Whether a waiting alert (an order on hold) is due to be repeated on a channel: its option's
 * interval has passed since it was last sent (or since the order started waiting), and for
 * `until_end_time` the end has not come. `disabled` never repeats.
 */
export function isRepeatDue(input: {
  repeat: RepeatAlert;
  /** When it was last sent to this channel, or when the order started waiting. */
  since: Date;
  now: Date;
  until: Date | null;
}): boolean {
  const seconds = REPEAT_ALERT_SECONDS[input.repeat];
  if (seconds === null) return false;
  if (input.repeat === 'until_end_time' && (!input.until || input.now >= input.until)) return false;
  return input.now.getTime() - input.since.getTime() >= seconds * 1000;
}
