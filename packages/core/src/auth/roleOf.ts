import {
  DESIGNER_ROLE,
  LAUNCHER_LITE_ROLE,
  type ROLES,
  SELLER_ROLE,
  TRUSTED_STATUS,
} from './constants.js';
import { rolesOf, type UserLike } from './UserLike.js';

export type Role = (typeof ROLES)[number];

/** An admin signed in as this seller (spec §6 "Admin login: user has access_user"). */
export function isAdmin(user: UserLike): boolean {
  return user.access_user !== null && user.access_user !== undefined;
}

export function isDesigner(user: UserLike): boolean {
  return rolesOf(user).includes(DESIGNER_ROLE);
}

export function isLauncherLite(user: UserLike): boolean {
  return rolesOf(user).includes(LAUNCHER_LITE_ROLE);
}

export function isTrusted(user: UserLike): boolean {
  return user.status === TRUSTED_STATUS;
}

/**
 * A team member acting for a seller (spec §6: "roles non-empty and not including seller").
 * Designer and launcher_lite are roles of their own (spec §3 lists them beside seller), so an
 * account whose roles are only those is not a team account: a launcher-lite seller keeps a
 * seller's rights and a designer has the designer menu.
 */
export function isAuthorizedAccount(user: UserLike): boolean {
  const roles = rolesOf(user);
  if (roles.length === 0 || roles.includes(SELLER_ROLE)) return false;
  return roles.some((role) => role !== DESIGNER_ROLE && role !== LAUNCHER_LITE_ROLE);
}

/**
 * The one role that decides what the dashboard shows, by precedence:
 * admin (has access_user) > designer > authorized (team account) > launcher_lite > seller.
 * Admin comes first because an admin impersonating any account must be recognisable (it is the
 * only way to tell the signed-in person apart); designer next because its menu replaces all
 * others; a team account's permission list limits it before any seller tier applies.
 */
export function roleOf(user: UserLike): Role {
  if (isAdmin(user)) return 'admin';
  if (isDesigner(user)) return 'designer';
  if (isAuthorizedAccount(user)) return 'authorized';
  if (isLauncherLite(user)) return 'launcher_lite';
  return 'seller';
}
