import { SESSION_MARKER_COOKIE } from '../constants.js';

/**
 * The session lives in the `auth_token` cookie the server sets (HttpOnly, 7 days, spec §4
 * Login): page scripts never read it, and every API call carries it with the CSRF header. This
 * tab keeps the token it was handed at sign-in in memory only (the seller-center hand-over of
 * spec §2 needs it); it is gone after a reload.
 */
let signedInToken: string | null = null;

/** The token this tab received at sign-in, if it has not been reloaded since. */
export function readToken(): string | null {
  return signedInToken;
}

export function writeToken(token: string): void {
  signedInToken = token;
}

export function clearToken(): void {
  signedInToken = null;
}

/**
 * The readable marker of the session the server set beside the token cookie (a prefix of the
 * token's hash, not the token): it changes when any tab signs in, out or switches account.
 */
export function readSessionMarker(): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === SESSION_MARKER_COOKIE) {
      const value = decodeURIComponent(rest.join('='));
      return value === '' ? null : value;
    }
  }
  return null;
}
