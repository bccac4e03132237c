import { LAYOUT_GUARDS, type PageGuard } from './constants.js';
import type { PageDef } from './PageDef.js';

/** The guards a page runs, in order: its layout's, then its own (spec §2). */
export function pageGuards(page: PageDef): readonly PageGuard[] {
  return [...LAYOUT_GUARDS[page.layout], ...(page.guards ?? [])];
}
