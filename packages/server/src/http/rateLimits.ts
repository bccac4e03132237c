import type { RateLimitClass } from '@printloom/core';
import type { FastifyRequest } from 'fastify';
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
  config: Pick<ServerSettings, 'authRateLimit' | 'demo' | 'imageRateLimit' | 'apiRateLimit'>,
  kind: RateLimitClass,
): {
  max: number;
  timeWindow: number;
  keyGenerator?: (request: FastifyRequest) => string;
} | null {
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
    case 'apiKey':
      // Per key, not per address: a fleet behind one address shares nothing, one key
      // spread over many addresses shares its allowance.
      return { max: config.apiRateLimit, timeWindow: MINUTE_MS, keyGenerator: apiCallerKey };
    case 'images':
      // An address may not keep the image decoders busy (settings: imageRateLimit).
      return { max: config.imageRateLimit, timeWindow: MINUTE_MS };
  }
}

/** Whose allowance a public API call spends: its API key, else its session, else its address. */
export function apiCallerKey(request: FastifyRequest): string {
  const auth = request.auth;
  if (auth?.apiKey) return `key:${auth.apiKey.id}`;
  if (auth) return `user:${auth.actorId}`;
  return `ip:${request.ip}`;
}
