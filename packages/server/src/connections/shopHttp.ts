/**
 * Calls to connected shops' APIs: every request goes through `safeRequest` (one lookup, no
 * redirects, a deadline, a size cap), and a shop that cannot be reached or answers garbage is a
 * `ShopApiError` whose message the import log and the dashboard show.
 */
import { SHOP_MESSAGES } from '@printloom/core';
import type { ServerSettings } from '../config.js';
import { SafeFetchError, safeRequest } from '../http/safeFetch.js';

export class ShopApiError extends Error {
  override readonly name = 'ShopApiError';
}

export type ShopHttpSettings = Pick<ServerSettings, 'shopPrivateHosts' | 'resolveHost'>;

/** How long one call to a shop may take, and the largest answer read. */
const TIMEOUT_MS = 20_000;
const MAX_BYTES = 20 * 1024 * 1024;

export interface ShopAnswer {
  status: number;
  headers: Record<string, string>;
  json: unknown;
}

export async function shopRequest(
  settings: ShopHttpSettings,
  url: URL,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
): Promise<ShopAnswer> {
  try {
    const answer = await safeRequest(url, {
      ...init,
      timeoutMs: TIMEOUT_MS,
      maxBytes: MAX_BYTES,
      resolve: settings.resolveHost,
      trusted: settings.shopPrivateHosts,
    });
    let json: unknown = null;
    try {
      json = answer.text ? JSON.parse(answer.text) : null;
    } catch {
      json = null;
    }
    return { status: answer.statusCode, headers: answer.headers, json };
  } catch (error) {
    if (error instanceof SafeFetchError) {
      throw new ShopApiError(
        error.kind === 'refusedLiteral' ? SHOP_MESSAGES.privateAddress : SHOP_MESSAGES.unreachable,
      );
    }
    throw error;
  }
}
