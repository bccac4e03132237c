import {
  BULK_ATTEMPT_MESSAGES,
  BULK_REASON_MAX_LENGTH,
  BULK_ROW_MAX_ATTEMPTS,
} from './constants.js';

/** Whether a claim that made `attempts` attempts (this one included) is the row's last. */
export function isLastAttempt(attempts: number | null | undefined): boolean {
  return (attempts ?? 0) >= BULK_ROW_MAX_ATTEMPTS;
}

/** A reason cut to what the server stores (an address in it may be a long data: URL). */
export function boundedReason(reason: string): string {
  return reason.length > BULK_REASON_MAX_LENGTH
    ? `${reason.slice(0, BULK_REASON_MAX_LENGTH - 1)}…`
    : reason;
}

/** The message a row or job is failed with once its attempts are used up. */
export function gaveUpMessage(reason: string): string {
  return boundedReason(`${BULK_ATTEMPT_MESSAGES.gaveUp}: ${reason}`);
}
