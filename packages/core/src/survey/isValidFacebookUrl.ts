import { FACEBOOK_HOSTS } from './constants.js';

const FACEBOOK_URL = new RegExp(
  `(?:^|[/.@])(?:${FACEBOOK_HOSTS.map((host) => host.replace(/\./g, '\\.')).join('|')})/`,
  'i',
);

/**
 * Whether a survey Facebook address is acceptable (spec §5): it must contain facebook.com/,
 * fb.com/ or fb.me/. The host must start the text or follow '/', '.' or '@', so
 * 'm.facebook.com/shop' passes but 'notfacebook.com/shop' does not; letter case is ignored.
 */
export function isValidFacebookUrl(url: string): boolean {
  return FACEBOOK_URL.test(url.trim());
}
