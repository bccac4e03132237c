import { WEBHOOK_RETRY_SCHEDULE_SECONDS } from './constants.js';

/**
 * When the next attempt of a delivery is due after `attemptsMade` attempts, the last at `now`;
 * null when the schedule is spent (the delivery has failed). `schedule[n]` is the wait before
 * attempt n + 1 (the first is immediate).
 */
export function nextAttemptAt(
  attemptsMade: number,
  now: Date,
  schedule: readonly number[] = WEBHOOK_RETRY_SCHEDULE_SECONDS,
): Date | null {
  const wait = schedule[attemptsMade];
  if (wait === undefined) return null;
  return new Date(now.getTime() + wait * 1000);
}

/** Whether an answer status counts as delivered (any 2xx, as Standard Webhooks says). */
export function isDelivered(statusCode: number | null): boolean {
  return statusCode !== null && statusCode >= 200 && statusCode < 300;
}
