import { MENU_GROUPS, type MenuBadge, type MenuGroupKey } from '../pages/constants.js';
import { type MenuPageId, PAGE_LIST } from '../pages/PAGES.js';
import { isMemberPage } from '../pages/PageDef.js';
import { pageLink } from '../pages/pagePath.js';

/** A menu entry: a group of the menu or a page the menu lists (its page id). */
export type MenuKey = MenuGroupKey | MenuPageId;

/**
 * The full top navigation menu of spec §2, before any gate, built from the PAGES table: each
 * page with a menu place, under its group (or on the top level), in `order`. Labels are the
 * spec's; paths are the page addresses (Overview '/', Referral Program
 * '/referral?sort_by=sold_items', Cross-Selling '/referral-sales', SEN Design
 * '/orders/sen-design', Billing & Payouts '/payouts').
 */
export interface MenuNode {
  readonly key: MenuKey;
  readonly label: string;
  readonly path?: string;
  /** 'new' for Personalized, 'beta' for Email Marketing (spec §2). */
  readonly badge?: MenuBadge;
  readonly children?: readonly MenuNode[];
}

function buildMenu(): MenuNode[] {
  type Placed = { order: number; node: MenuNode };
  const byOrder = (a: Placed, b: Placed) => a.order - b.order;
  const children = new Map<MenuGroupKey, Placed[]>();
  const top: Placed[] = [];
  for (const page of PAGE_LIST) {
    if (!isMemberPage(page) || page.menu === undefined) continue;
    const { group, order, label, badge } = page.menu;
    const node: MenuNode = {
      key: page.id as MenuPageId,
      label: label ?? page.title,
      path: pageLink(page),
      ...(badge === undefined ? {} : { badge }),
    };
    if (group === null) top.push({ order, node });
    else children.set(group, [...(children.get(group) ?? []), { order, node }]);
  }
  for (const [key, group] of Object.entries(MENU_GROUPS) as [
    MenuGroupKey,
    { label: string; order: number; badge?: MenuBadge },
  ][]) {
    const entries = (children.get(key) ?? []).sort(byOrder).map((placed) => placed.node);
    if (entries.length === 0) continue;
    top.push({
      order: group.order,
      node: {
        key,
        label: group.label,
        ...(group.badge === undefined ? {} : { badge: group.badge }),
        children: entries,
      },
    });
  }
  return top.sort(byOrder).map((placed) => placed.node);
}

export const FULL_MENU: readonly MenuNode[] = buildMenu();

/** The designer's whole menu (spec §6). */
export const DESIGNER_MENU_KEYS: readonly MenuKey[] = ['sen_design'];
/** What a fulfillment-only domain keeps, in this order (spec §2). */
export const FULFILLMENT_DOMAIN_KEYS: readonly MenuKey[] = [
  'fulfill_orders',
  'storefronts',
  'payouts',
];
/** The tag that moves Fulfill Orders to second place (spec §2). */
export const FULFILL_TAG = 'fulfill';
export const FULFILL_TAG_POSITION = 1;
