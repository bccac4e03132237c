import type { FastifyReply } from 'fastify';
import type { Queryable } from '../db/Db.js';
import { httpError } from '../http/errors.js';
import { clearLoginFailures, loginFailuresOf, recordLoginFailure } from '../sql/loginFailures.js';

/** Failed logins an account takes before each further attempt waits. */
export const LOGIN_FREE_FAILURES = 5;
/** The first wait, in seconds; it doubles with every further failure. */
export const LOGIN_FIRST_DELAY_SECONDS = 10;
/** The longest wait between two attempts on one account. */
export const LOGIN_MAX_DELAY_SECONDS = 15 * 60;
/**
 * Failed logins after which the account is locked until its password is reset (NIST SP 800-63B
 * §5.2.2 caps consecutive failed attempts on one account at 100).
 */
export const LOGIN_LOCK_FAILURES = 100;

export const LOGIN_LIMIT_MESSAGES = {
  address: (seconds: number) =>
    `Too many login attempts from this address. Please try again in ${waitText(seconds)}.`,
  account: (seconds: number) =>
    `Too many failed logins for this account. Please try again in ${waitText(seconds)}.`,
  locked: 'This account is locked after too many failed logins. Reset your password to unlock it.',
} as const;

function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** The wait after `failures` failed logins, in seconds (0 while under the free allowance). */
export function loginDelaySeconds(failures: number): number {
  if (failures < LOGIN_FREE_FAILURES) return 0;
  const doubling = failures - LOGIN_FREE_FAILURES;
  return Math.min(LOGIN_FIRST_DELAY_SECONDS * 2 ** doubling, LOGIN_MAX_DELAY_SECONDS);
}

function tooMany(reply: FastifyReply, seconds: number | null, message: string): Error {
  if (seconds !== null) reply.header('retry-after', String(seconds));
  return httpError(429, message);
}

/**
 * One allowance per client address shared by every login route (seller, admin, two-factor):
 * `max` attempts per window. Kept in memory: a replica counts its own share.
 */
export class LoginAddressAllowance {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts an attempt from `address`; throws 429 with Retry-After past the allowance. */
  take(address: string, reply: FastifyReply): void {
    const now = this.now();
    if (this.windows.size > 10_000) this.sweep(now);
    let window = this.windows.get(address);
    if (!window || now - window.start >= this.windowMs) {
      window = { start: now, count: 0 };
      this.windows.set(address, window);
    }
    window.count += 1;
    if (window.count > this.max) {
      const seconds = Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000));
      throw tooMany(reply, seconds, LOGIN_LIMIT_MESSAGES.address(seconds));
    }
  }

  private sweep(now: number): void {
    for (const [address, window] of this.windows) {
      if (now - window.start >= this.windowMs) this.windows.delete(address);
    }
  }
}

/**
 * The per-account limit: refuses an attempt while the account's wait is running (the attempt
 * is not counted, and the password is not checked), and for good once it is locked. The owner's
 * right password works again as soon as the wait has passed.
 */
export async function checkAccountDelay(
  db: Queryable,
  account: string,
  reply: FastifyReply,
): Promise<void> {
  const row = await loginFailuresOf(db, account);
  if (!row) return;
  if (row.failures >= LOGIN_LOCK_FAILURES) throw tooMany(reply, null, LOGIN_LIMIT_MESSAGES.locked);
  const remaining = Math.ceil(loginDelaySeconds(row.failures) - row.elapsed_seconds);
  if (remaining > 0) throw tooMany(reply, remaining, LOGIN_LIMIT_MESSAGES.account(remaining));
}

export const accountFailed = recordLoginFailure;
export const accountSucceeded = clearLoginFailures;
