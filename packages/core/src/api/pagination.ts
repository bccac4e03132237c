import { z } from 'zod';

const count = z.number().int().nonnegative();
/** 1-based position of an item; null when the page is empty. */
const position = z.number().int().positive().nullable();

/**
 * A page of a list (spec §3 Notification list): `data` holds the page's items. `from`/`to` are
 * the 1-based positions of the first and last item shown, null on an empty page.
 */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    total: count,
    per_page: z.number().int().positive(),
    current_page: z.number().int().positive(),
    last_page: z.number().int().positive(),
    from: position,
    to: position,
  });
}

export type Paginated<T> = {
  data: T[];
  total: number;
  per_page: number;
  current_page: number;
  last_page: number;
  from: number | null;
  to: number | null;
};

/**
 * The pagination numbers for `total` items on 1-based `page` of `perPage` items. Shared so the
 * server and its tests agree with the client on `from`, `to` and `last_page`.
 */
export function pageInfo(
  total: number,
  page: number,
  perPage: number,
): Omit<Paginated<never>, 'data'> {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const first = (page - 1) * perPage + 1;
  const empty = first > total;
  return {
    total,
    per_page: perPage,
    current_page: page,
    last_page: lastPage,
    from: empty ? null : first,
    to: empty ? null : Math.min(total, page * perPage),
  };
}

/**
 * A page of a list whose total is counted only up to a cap (campaigns, bulk rows, regular jobs):
 * the fields of `paginated`, plus `total_is_capped`. When it is false every field means what it
 * does in `paginated`. When it is true there are more than `total` matching items: `total` is the
 * cap (or the end of the page shown, when that lies past the cap), `last_page` is the furthest page
 * known to hold items, and pages after it may hold more. An answer without the field (a server
 * from before the cap) reads as exact.
 */
export function cappedPaginated<T extends z.ZodType>(item: T) {
  return paginated(item).extend({ total_is_capped: z.boolean().default(false) });
}

export type CappedPaginated<T> = Paginated<T> & { total_is_capped: boolean };

/** How many matching rows a capped list counts before it stops (`total_is_capped`). */
export const LIST_COUNT_CAP = 10_000;

/**
 * The cap of the lists that grow with every sale: the orders and the ledger's transactions. A
 * seller with a million of them filters them freely (orders: status, payment, fulfillment, type,
 * store, time range, search; transactions: type, status, account, time range), and a
 * combination is counted by reading the entries of its most selective index until enough match,
 * so the cap bounds that read: 'of 1,000+ orders' at any list size.
 */
export const LARGE_LIST_COUNT_CAP = 1_000;

/**
 * The rows a capped list counts for 1-based `page` of `perPage` items: the cap, or the end of the
 * page when that lies past it, so a page beyond the cap still knows whether a next one follows.
 */
export function countLimit(page: number, perPage: number, cap = LIST_COUNT_CAP): number {
  return Math.max(cap, page * perPage);
}

/**
 * The pagination numbers of a capped list from `counted` matching rows, counted up to
 * `countLimit(page, perPage) + 1`: counting past the limit means the total is capped.
 */
export function cappedPageInfo(
  counted: number,
  page: number,
  perPage: number,
  cap = LIST_COUNT_CAP,
): Omit<CappedPaginated<never>, 'data'> {
  const limit = countLimit(page, perPage, cap);
  if (counted <= limit) return { ...pageInfo(counted, page, perPage), total_is_capped: false };
  // Row `limit + 1` exists, so the page holding it is the furthest one known to hold rows.
  return {
    ...pageInfo(limit, page, perPage),
    last_page: Math.ceil((limit + 1) / perPage),
    total_is_capped: true,
  };
}

/** Query page number as it arrives in a query string: text coerced to a positive integer. */
export const PageParam = z.coerce.number().int().positive();
export const PerPageParam = z.coerce.number().int().positive().max(100);
