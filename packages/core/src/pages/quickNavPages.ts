import type { UserLike } from '../auth/UserLike.js';
import { FULL_MENU, type MenuNode } from '../menu/constants.js';
import { PAGE_LIST, type PageId } from './PAGES.js';
import { isMemberPage, type MemberPageDef } from './PageDef.js';
import { canOpenPage, type PageContext } from './pageAccess.js';
import { pageLink } from './pagePath.js';

/** A quick-navigation choice: the page, where it opens, and how the list names it. */
export interface QuickNavPage {
  readonly id: PageId;
  readonly path: string;
  /** The menu's words ('Orders › All Orders'), or the page title for a page outside the menu. */
  readonly label: string;
}

function menuLabels(nodes: readonly MenuNode[], into: Map<string, string>, parent?: string) {
  for (const node of nodes) {
    if (node.children) menuLabels(node.children, into, node.label);
    else into.set(node.key, parent ? `${parent} › ${node.label}` : node.label);
  }
}

/**
 * Every quick-navigation page, in menu order, then the pages outside the menu in table order.
 */
function allQuickNavPages(): readonly (QuickNavPage & { page: MemberPageDef })[] {
  const labels = new Map<string, string>();
  menuLabels(FULL_MENU, labels);
  const menuOrder = [...labels.keys()];
  const rank = (id: string) => {
    const at = menuOrder.indexOf(id);
    return at === -1 ? menuOrder.length : at;
  };
  const pages: (QuickNavPage & { page: MemberPageDef })[] = [];
  for (const page of PAGE_LIST) {
    if (!isMemberPage(page) || page.quickNav === undefined) continue;
    pages.push({
      id: page.id,
      path: pageLink(page),
      label: labels.get(page.id) ?? page.title,
      page,
    });
  }
  // Array sort is stable: pages outside the menu keep their table order.
  return pages.sort((a, b) => rank(a.id) - rank(b.id));
}

const QUICK_NAV_PAGES = allQuickNavPages();

/**
 * The addresses spec §2 names as quick-navigation targets, in the order quick navigation lists
 * them. Quick navigation also lists the pages marked 'added' in PAGES (Bulk campaigns).
 */
export const QUICK_NAV_TARGETS: readonly string[] = QUICK_NAV_PAGES.filter(
  (entry) => entry.page.quickNav === 'spec',
).map((entry) => entry.path);

/** What quick navigation offers this user: every quick-navigation page they may open. */
export function quickNavPages(user: UserLike, ctx: PageContext = {}): QuickNavPage[] {
  return QUICK_NAV_PAGES.filter((entry) => canOpenPage(entry.page, user, ctx)).map(
    ({ id, path, label }) => ({ id, path, label }),
  );
}
