import type { KnownPermission } from '../user/User.js';
import { isAuthorizedAccount, isDesigner } from './roleOf.js';
import type { UserLike } from './UserLike.js';

/**
 * Whether a user may do what `permission` names (spec §6). A seller (and a launcher-lite seller,
 * and an admin signed in as one) may do everything; an authorized team account only what its
 * `permissions` list holds. The rule reads the account's own roles, not who is signed in, so an
 * admin acting as a team account gets that account's limits.
 *
 * Designers: the spec does not say; they get only what their list holds, since a designer works
 * on SEN Design orders and nothing else of a seller's account.
 */
export function can(user: UserLike, permission: KnownPermission): boolean {
  // Untyped callers (JSON, older code) can still pass an empty name.
  if ((permission as string) === '') throw new TypeError('Permission name is empty');
  if (isAuthorizedAccount(user) || isDesigner(user)) {
    return (user.permissions ?? []).includes(permission);
  }
  return true;
}
