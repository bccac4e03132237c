import { type PageContext, quickNavPages, type UserLike } from '@printloom/core';

/** A choice of quick navigation: where it goes and how the list names it. */
export interface QuickNavOption {
  path: string;
  label: string;
}

/**
 * The quick-navigation choices of a user (spec §2, PAGES of core): every quick-navigation page
 * the user may open, in menu order, with the menu's labels.
 */
export function quickNavOptions(user: UserLike, ctx: PageContext = {}): QuickNavOption[] {
  return quickNavPages(user, ctx).map(({ path, label }) => ({ path, label }));
}

const WORD_SEPARATOR = /[^\p{L}\p{N}]+/u;

/**
 * The choices matching what was typed: every word of the query appears in the label or the
 * address, case ignored. Choices where each word starts a word of the label come first (typing
 * 'or' lists the Orders pages before Storefronts), otherwise the list keeps its order. An empty
 * query keeps every choice.
 */
export function filterQuickNav(
  options: readonly QuickNavOption[],
  query: string,
): QuickNavOption[] {
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return [...options];
  const ranked: { option: QuickNavOption; rank: number }[] = [];
  for (const option of options) {
    const label = option.label.toLowerCase();
    const text = `${label} ${option.path.toLowerCase()}`;
    if (!terms.every((term) => text.includes(term))) continue;
    const words = label.split(WORD_SEPARATOR);
    const atWordStart = terms.every((term) => words.some((word) => word.startsWith(term)));
    ranked.push({ option, rank: atWordStart ? 0 : 1 });
  }
  // Array sort is stable: equal ranks keep the menu order.
  return ranked.sort((a, b) => a.rank - b.rank).map((entry) => entry.option);
}
