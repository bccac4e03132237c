import { isDesigner } from '../auth/roleOf.js';
import { hasTag, type UserLike } from '../auth/UserLike.js';
import { PAGES } from '../pages/PAGES.js';
import { canOpenPage, type PageContext } from '../pages/pageAccess.js';
import {
  DESIGNER_MENU_KEYS,
  FULFILL_TAG,
  FULFILL_TAG_POSITION,
  FULFILLMENT_DOMAIN_KEYS,
  FULL_MENU,
  type MenuKey,
  type MenuNode,
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
 * Where the menu is shown (see `PageContext`): `isFulfillmentDomain` reduces it; no menu rule
 * of the spec reads `host` or `isCustomPaymentDomain` (the custom-payment entries follow the
 * seller's own `custom_payment`, spec §6).
 */
export type MenuContext = PageContext;

/** A page entry shows when its page may be opened; a group when one of its entries shows. */
function passesGate(node: MenuNode, user: UserLike, ctx: MenuContext): boolean {
  return (
    node.children !== undefined || canOpenPage(PAGES[node.key as keyof typeof PAGES], user, ctx)
  );
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
 * 2. Every page entry shows when the user may open its page (`pageAccess`: the page's
 *    permission through `can`, its tags, custom_payment, is_ref, the bulk capability, and the
 *    pages hidden from authorized team accounts). Groups left empty disappear.
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
  const items = prune(FULL_MENU, (node) => passesGate(node, user, ctx));

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
