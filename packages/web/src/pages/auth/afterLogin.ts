import { PATHS } from '../../constants.js';
import { externalTarget, isSafeInternalPath, redirectTarget } from '../../routes/redirects.js';

/** Marks the first page after a login, for the authorized-accounts dialog (spec §4). */
export const LOGIN_REF = 'ref=login';
export const TFA_TOKEN_KEY = 'tfa_token';

/**
 * Where a fresh login goes: the `redirect` of the login address or home, with `ref=login`
 * added to an in-app target. An absolute or unsafe target leaves by a full-page load.
 */
export function afterLoginTarget(search: string): { internal: boolean; to: string } {
  const target = redirectTarget(search) ?? PATHS.home;
  if (!isSafeInternalPath(target)) return { internal: false, to: externalTarget(target) };
  const [path, hash] = target.split('#', 2);
  const joined = `${path}${path?.includes('?') ? '&' : '?'}${LOGIN_REF}`;
  return { internal: true, to: hash === undefined ? joined : `${joined}#${hash}` };
}
