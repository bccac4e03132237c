import type { RateLimitClass } from '@printloom/core';
import type { ServerSettings } from '../config.js';

/** Tracking pings per minute per address: a page view sends one, a script sends thousands. */
export const TRACKING_RATE_LIMIT = 120;
const MINUTE_MS = 60_000;

/**
 * The allowance of a rate-limit class of the route table, per address and minute; null for
 * `login`, whose one allowance shared by all login routes is kept by the login handlers
 * (auth/loginLimits.ts).
 */
export function rateLimitOf(
  config: Pick<ServerSettings, 'authRateLimit' | 'demo' | 'imageRateLimit'>,
  kind: RateLimitClass,
): { max: number; timeWindow: number } | null {
  switch (kind) {
    case 'login':
      return null;
    case 'auth':
      return {
        max: config.authRateLimit,
        timeWindow: MINUTE_MS,
      };
    case 'tracking':
      return { max: TRACKING_RATE_LIMIT, timeWindow: MINUTE_MS };
    case 'images':
      // An address may not keep the image decoders busy (settings: imageRateLimit).
      return { max: config.imageRateLimit, timeWindow: MINUTE_MS };
  }
}
