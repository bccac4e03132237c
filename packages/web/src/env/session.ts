import { TOKEN_COOKIE, TOKEN_MAX_AGE_SECONDS } from '../constants.js';

/**
 * The session token, kept in a cookie for 7 days (spec §4 Login). The API client sends it as
 * `Authorization: Bearer`; the cookie survives reloads and new tabs of the same host.
 */
export function readToken(): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === TOKEN_COOKIE) {
      const value = decodeURIComponent(rest.join('='));
      return value === '' ? null : value;
    }
  }
  return null;
}

export function writeToken(token: string): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: Cookie Store API is missing in Firefox and Safari
  document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}; Max-Age=${TOKEN_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
}

export function clearToken(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: Cookie Store API is missing in Firefox and Safari
  document.cookie = `${TOKEN_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}
