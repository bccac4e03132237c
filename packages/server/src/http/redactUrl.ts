/**
 * Query parameters whose value is a secret (a session or reset token, a one-time code, an API
 * key, a URL signature): `token`, `tfa_token`, `code`, `api_key`, `X-Amz-Signature`, …
 */
const SECRET_PARAMETER = /token|code|key|signature|password|secret/i;

export const REDACTED = '[REDACTED]';

/**
 * The address as the access log may show it: the value of every secret query parameter
 * replaced by `[REDACTED]`, everything else (path, other parameters, their order) unchanged.
 */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const hashAt = url.indexOf('#', mark);
  const query = url.slice(mark + 1, hashAt === -1 ? undefined : hashAt);
  const redacted = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq === -1 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed escape is judged as written.
      }
      return SECRET_PARAMETER.test(name) && eq !== -1 ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, mark)}?${redacted}`;
}
