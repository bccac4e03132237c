import { can } from '../auth/can.js';
import { isAuthorizedAccount } from '../auth/roleOf.js';
import { hasTag, type UserLike } from '../auth/UserLike.js';
import { ANY_MEMBER, type KnownPermission, type UserTag } from '../user/User.js';
import { OLD_BULK_TAG, type PageGate } from './constants.js';
import { isMemberPage, type PageDef } from './PageDef.js';

/**
 * Where pages are opened. `isFulfillmentDomain` and `isCustomPaymentDomain` come from the domain
 * store (spec §6); they shape the menu, not who may open a page. `host` is accepted for the
 * caller's branding.
 */
export interface PageContext {
  host?: string;
  isFulfillmentDomain?: boolean;
  isCustomPaymentDomain?: boolean;
  /**
   * The bulk v3 capability that opens "Bulk campaigns" besides the 'old bulk campaign' tag.
   * The spec says it is always allowed, so it defaults to true; false lets a deployment close it.
   */
  bulkV3?: boolean;
}

/** Why a user may not open a page: what is missing, so the page can say it. */
export type PageDenial =
  | { reason: 'permission'; permission: KnownPermission }
  | { reason: 'tag'; tags: readonly UserTag[] }
  | { reason: 'gate'; gate: PageGate };

function passesGate(gate: PageGate, user: UserLike, ctx: PageContext): boolean {
  switch (gate) {
    case 'account_owner':
      return !isAuthorizedAccount(user);
    case 'custom_payment':
      return user.custom_payment === true;
    case 'not_referral':
      return user.is_ref !== true;
    case 'bulk_capability':
      return hasTag(user, OLD_BULK_TAG) || ctx.bulkV3 !== false;
  }
}

/**
 * Whether `user` may open `page` (spec §6), and if not, the first thing missing: a team
 * account's hidden page first (no permission opens it), then the permission, then the tags,
 * then the other gates. Pages outside the signed-in layout are open to anyone.
 */
export function pageAccess(
  page: PageDef,
  user: UserLike,
  ctx: PageContext = {},
): PageDenial | null {
  if (!isMemberPage(page)) return null;
  const gates = page.gates ?? [];
  if (gates.includes('account_owner') && !passesGate('account_owner', user, ctx)) {
    return { reason: 'gate', gate: 'account_owner' };
  }
  if (page.permission !== ANY_MEMBER && !can(user, page.permission)) {
    return { reason: 'permission', permission: page.permission };
  }
  const tags = page.tags ?? [];
  if (tags.length > 0 && !tags.some((tag) => hasTag(user, tag))) return { reason: 'tag', tags };
  for (const gate of gates) {
    if (!passesGate(gate, user, ctx)) return { reason: 'gate', gate };
  }
  return null;
}

export function canOpenPage(page: PageDef, user: UserLike, ctx: PageContext = {}): boolean {
  return pageAccess(page, user, ctx) === null;
}
