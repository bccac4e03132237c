import { DAY_MS } from '../dates/constants.js';
import { parseApiDate } from '../dates/parseApiDate.js';
import { EMAIL_VERIFICATION_GRACE_DAYS, EMAIL_VERIFICATION_START_DATE } from './constants.js';
import { isAdmin, isDesigner } from './roleOf.js';
import type { UserLike } from './UserLike.js';

function isVerified(user: UserLike): boolean {
  return (
    user.email_verified_at !== null &&
    user.email_verified_at !== undefined &&
    user.email_verified_at !== ''
  );
}

/**
 * Whether the user must verify the email before using the dashboard (spec §5): an unverified
 * account created on or after the start date must verify at once; an older one once `now` is 30
 * or more days past the start date. Designers and access users (an admin signed in as the
 * seller) are exempt, as is an account already verified.
 *
 * The start date is, in order: the `startDate` argument, the user's own
 * `email_need_verify_date` (the server may move a seller's start), then 2024-07-29 (spec §9).
 */
export function emailVerificationRequired(
  user: UserLike,
  now: Date | string | number,
  startDate?: Date | string | number | null,
): boolean {
  if (isDesigner(user) || isAdmin(user) || isVerified(user)) return false;
  const start = parseApiDate(
    startDate ?? user.email_need_verify_date ?? EMAIL_VERIFICATION_START_DATE,
    'email verification start date',
  );
  if (user.created_at !== undefined && user.created_at !== null && user.created_at !== '') {
    if (parseApiDate(user.created_at, 'account creation date').getTime() >= start.getTime())
      return true;
  }
  return (
    parseApiDate(now, 'current time').getTime() - start.getTime() >=
    EMAIL_VERIFICATION_GRACE_DAYS * DAY_MS
  );
}

/** The 'verify your email' banner shows for non-designers with no verification date (spec §5). */
export function showEmailBanner(user: UserLike): boolean {
  return !isDesigner(user) && !isVerified(user);
}
