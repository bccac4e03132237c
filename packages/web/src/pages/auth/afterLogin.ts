import { PATHS } from '../../constants.js';
import { isSafeInternalPath, isSameOriginUrl, redirectTarget } from '../../routes/redirects.js';

/** Marks the first page after a login, for the authorized-accounts dialog (spec §4). */
export const LOGIN_REF = 'ref=login';
export const TFA_TOKEN_KEY = 'tfa_token';

/**
 * Where a fresh login goes: the `redirect` of the login address or home, with `ref=login`
 * added to an in-app target. Only this site is a target: an absolute address on the page's own
 * origin leaves by a full-page load; another host (`http://…`, `//host`, `/\host`) or scheme
 * goes home instead, so a crafted login link cannot hand the signed-in user to another site.
 */
export function afterLoginTarget(
  search: string,
  pageOrigin: string,
): { internal: boolean; to: string } {
  const asked = redirectTarget(search) ?? PATHS.home;
  if (!isSafeInternalPath(asked) && isSameOriginUrl(asked, pageOrigin)) {
    return { internal: false, to: asked };
  }
  const target = isSafeInternalPath(asked) ? asked : PATHS.home;
  const [path, hash] = target.split('#', 2);
  const joined = `${path}${path?.includes('?') ? '&' : '?'}${LOGIN_REF}`;
  return { internal: true, to: hash === undefined ? joined : `${joined}#${hash}` };
}
