import { NO_REDIRECT_PATHS, PATHS } from '../constants.js';

/**
 * An in-app path the router may take: one leading '/', not '//' or '/\' (which browsers read as
 * another host). Anything else leaves the app by a full-page navigation (spec §2 Redirects).
 */
export function isSafeInternalPath(to: string): boolean {
  return /^\/(?![/\\])/.test(to) && !/[\r\n\t]/.test(to);
}

/** Absolute web addresses may be left to with a full-page load; other schemes never. */
export function isHttpUrl(to: string): boolean {
  return /^https?:\/\/[^\s]+$/i.test(to);
}

/**
 * Whether `to` is an absolute http(s) address on `origin` itself. Where a user-supplied target
 * (the `redirect` of a login address) may lead: never another host, so a link cannot send a
 * fresh login to a look-alike page.
 */
export function isSameOriginUrl(to: string, origin: string): boolean {
  if (!isHttpUrl(to)) return false;
  try {
    return new URL(to).origin === origin;
  } catch {
    return false;
  }
}

/**
 * Where a full-page navigation may go: an http(s) address or a path. 'javascript:' and other
 * schemes go home instead.
 */
export function externalTarget(to: string): string {
  return isHttpUrl(to) || to.startsWith('/') ? to : PATHS.home;
}

/**
 * The login address for someone who asked for `path` (spec §2): the target rides along as
 * `redirect`, except from '/' and '/login'.
 */
export function loginPath(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? path;
  if ((NO_REDIRECT_PATHS as readonly string[]).includes(bare)) return PATHS.login;
  return `${PATHS.login}?${new URLSearchParams({ redirect: path }).toString()}`;
}

/** The `redirect` of a login address, when it is present and not empty. */
export function redirectTarget(search: string): string | null {
  const value = new URLSearchParams(search).get('redirect');
  return value === null || value.trim() === '' ? null : value;
}

/**
 * Where a custom-payment seller on another domain is sent (spec §2): the seller center's
 * callback with the path to open. The seller center sets a nonce cookie and sends the browser
 * back here for a hand-over token bound to it (`sellerCenterCallback`).
 */
export function sellerCenterArrival(center: string, path: string): string {
  const url = new URL('/auth/callback', center);
  url.searchParams.set('redirect', path);
  return url.toString();
}

/**
 * The seller center's callback with the path to open and a single-use hand-over token, good
 * only in the browser holding the nonce it was minted for.
 */
export function sellerCenterCallback(center: string, path: string, token: string): string {
  const url = new URL('/auth/callback', center);
  url.searchParams.set('redirect', path);
  url.searchParams.set('token', token);
  return url.toString();
}
