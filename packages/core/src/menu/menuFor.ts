import { can } from '../auth/can.js';
import { isAuthorizedAccount, isDesigner } from '../auth/roleOf.js';
import { hasTag, type UserLike } from '../auth/UserLike.js';
import {
  AUTHORIZED_HIDDEN_KEYS,
  CUSTOM_PAYMENT_KEYS,
  DESIGNER_MENU_KEYS,
  FULFILL_TAG,
  FULFILL_TAG_POSITION,
  FULFILLMENT_DOMAIN_KEYS,
  FULL_MENU,
  MENU_PERMISSIONS,
  MENU_TAG_GATES,
  type MenuKey,
  type MenuNode,
  OLD_BULK_TAG,
  REFERRAL_KEYS,
  TAG_GATE_PERMISSION,
} from './constants.js';

/** One entry of the menu as shown: a link (`path`) or a group (`children`), never empty. */
export interface MenuItem {
  key: MenuKey;
  label: string;
  path?: string;
  badge?: 'new' | 'beta';
  children?: MenuItem[];
}

/**
 * Where the menu is shown. `isFulfillmentDomain` and `isCustomPaymentDomain` come from the
 * domain store (spec §6). `host` is accepted for the caller's branding; no menu rule of the spec
 * reads it, and `isCustomPaymentDomain` changes no entry either (the custom-payment entries
 * follow the seller's own `custom_payment`, spec §6).
 */
export interface MenuContext {
  host?: string;
  isFulfillmentDomain?: boolean;
  isCustomPaymentDomain?: boolean;
  /**
   * The bulk v3 capability that opens "Bulk campaigns" besides the 'old bulk campaign' tag.
   * The spec says it is always allowed, so it defaults to true; false lets a deployment close it.
   */
  bulkV3?: boolean;
}

function passesGate(
  node: MenuNode,
  user: UserLike,
  ctx: MenuContext,
  authorized: boolean,
): boolean {
  const key = node.key;
  if (authorized && AUTHORIZED_HIDDEN_KEYS.includes(key)) return false;
  const permission = MENU_PERMISSIONS[key];
  if (permission !== undefined && !can(user, permission)) return false;
  const tags = MENU_TAG_GATES[key];
  if (tags !== undefined) {
    if (!tags.some((tag) => hasTag(user, tag))) return false;
    if (!can(user, TAG_GATE_PERMISSION)) return false;
  }
  if (key === 'bulk_campaigns' && !(hasTag(user, OLD_BULK_TAG) || ctx.bulkV3 !== false)) {
    return false;
  }
  if (CUSTOM_PAYMENT_KEYS.includes(key) && user.custom_payment !== true) return false;
  if (REFERRAL_KEYS.includes(key) && user.is_ref === true) return false;
  return true;
}

/** Copies the entries that pass their gates; a group left without entries disappears. */
function prune(nodes: readonly MenuNode[], keep: (node: MenuNode) => boolean): MenuItem[] {
  const items: MenuItem[] = [];
  for (const node of nodes) {
    if (!keep(node)) continue;
    const item: MenuItem = { key: node.key, label: node.label };
    if (node.path !== undefined) item.path = node.path;
    if (node.badge !== undefined) item.badge = node.badge;
    if (node.children !== undefined) {
      const children = prune(node.children, keep);
      if (children.length === 0) continue;
      item.children = children;
    }
    items.push(item);
  }
  return items;
}

/** Takes the entry `key` out of the tree, dropping a group it leaves empty. */
function extract(items: MenuItem[], key: MenuKey): MenuItem | undefined {
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (item.key === key) {
      items.splice(i, 1);
      return item;
    }
    if (item.children) {
      const found = extract(item.children, key);
      if (found) {
        if (item.children.length === 0) items.splice(i, 1);
        return found;
      }
    }
  }
  return undefined;
}

/**
 * The top navigation menu for a user on a host (spec §2 "Top navigation menu", §6 "Menu
 * gating"). Steps, in order:
 *
 * 1. A designer gets SEN Design alone, whatever the domain.
 * 2. Every entry passes its §6 gates (permissions through `can`, tags plus update_campaign,
 *    custom_payment, is_ref, the bulk capability) and an authorized team account loses the
 *    entries hidden from it. A group's gate hides all it holds; empty groups disappear.
 * 3. On a fulfillment-only domain what is left is reduced to Fulfill Orders, Storefronts and
 *    Billing & Payouts, in that order, Fulfill Orders standing alone at the top level.
 *    The 'fulfill' tag changes nothing there: Fulfill Orders already leads that menu.
 * 4. Elsewhere the 'fulfill' tag lifts Fulfill Orders out of Orders to the second place of the
 *    top level (right after Dashboard): the spec says "second place" for a seller whose
 *    business is fulfillment, and the top level is where one click reaches it.
 */
export function menuFor(user: UserLike, ctx: MenuContext = {}): MenuItem[] {
  if (isDesigner(user)) {
    return prune(FULL_MENU, (node) => DESIGNER_MENU_KEYS.includes(node.key));
  }
  const authorized = isAuthorizedAccount(user);
  const items = prune(FULL_MENU, (node) => passesGate(node, user, ctx, authorized));

  if (ctx.isFulfillmentDomain === true) {
    const reduced: MenuItem[] = [];
    for (const key of FULFILLMENT_DOMAIN_KEYS) {
      const item = extract(items, key);
      if (item) reduced.push(item);
    }
    return reduced;
  }

  if (hasTag(user, FULFILL_TAG)) {
    const fulfill = extract(items, 'fulfill_orders');
    if (fulfill) items.splice(Math.min(FULFILL_TAG_POSITION, items.length), 0, fulfill);
  }
  return items;
}

/** Every path of a menu, depth first: what a user can reach from it. */
export function menuPaths(items: readonly MenuItem[]): string[] {
  const paths: string[] = [];
  for (const item of items) {
    if (item.path !== undefined) paths.push(item.path);
    if (item.children) paths.push(...menuPaths(item.children));
  }
  return paths;
}

/** Every key of a menu, depth first. */
export function menuKeys(items: readonly MenuItem[]): MenuKey[] {
  const keys: MenuKey[] = [];
  for (const item of items) {
    keys.push(item.key);
    if (item.children) keys.push(...menuKeys(item.children));
  }
  return keys;
}
