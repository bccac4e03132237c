import type { AnyMember, KnownPermission, UserTag } from '../user/User.js';
import type { MenuBadge, MenuGroupKey, PageGate, PageGuard, PageLayout } from './constants.js';

/** Where a page sits in the top navigation menu (spec §2). */
export interface MenuPlace {
  /** The group it is listed in, or null for an entry of its own on the top level. */
  readonly group: MenuGroupKey | null;
  /** Place among its siblings (a top-level entry is ordered among the groups' `order`). */
  readonly order: number;
  /** The menu's wording when it differs from the page title ('Abandoned', 'Overview'). */
  readonly label?: string;
  readonly badge?: MenuBadge;
}

interface PageBase {
  /**
   * The address, react-router style: `:name` parameters, `:name?` optional ones, a trailing
   * `*` for the rest (spec §2 writes `{name}` and `{name?}`).
   */
  readonly path: string;
  /** Document title, page heading and, unless the menu says otherwise, menu label. */
  readonly title: string;
  /** Guards this page runs after those of its layout. */
  readonly guards?: readonly PageGuard[];
}

/** A page of the signed-in dashboard: it declares who may open it. */
export interface MemberPageDef extends PageBase {
  readonly layout: 'default';
  /** The permission a team member or designer needs (spec §6), or ANY_MEMBER, said explicitly. */
  readonly permission: KnownPermission | AnyMember;
  /** The user needs at least one of these tags (spec §6 tag gates). */
  readonly tags?: readonly UserTag[];
  readonly gates?: readonly PageGate[];
  /** Query the menu and quick navigation open the page with ('sort_by=sold_items'). */
  readonly query?: string;
  readonly menu?: MenuPlace;
  /**
   * Listed by quick navigation: 'spec' for the targets spec §2 names, 'added' for the pages we
   * list besides them (Bulk campaigns, the campaign import, express and template pages,
   * Personalized, SEN points, Check-in, WooCommerce).
   */
  readonly quickNav?: 'spec' | 'added';
}

/** A page outside the signed-in layout (auth forms, maintenance, not found): open to anyone. */
export interface OpenPageDef extends PageBase {
  readonly layout: Exclude<PageLayout, 'default'>;
}

export type PageDef = MemberPageDef | OpenPageDef;

export function isMemberPage(page: PageDef): page is MemberPageDef {
  return page.layout === 'default';
}
