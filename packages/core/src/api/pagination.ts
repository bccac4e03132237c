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

/** Query page number as it arrives in a query string: text coerced to a positive integer. */
export const PageParam = z.coerce.number().int().positive();
export const PerPageParam = z.coerce.number().int().positive().max(100);
