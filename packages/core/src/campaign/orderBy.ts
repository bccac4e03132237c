import { z } from 'zod';

export type OrderBy<F extends string> = { field: F; direction: 'asc' | 'desc' };

/** `field:asc` or `field:desc` over the given columns, e.g. 'id:desc' (spec §7). */
export function orderByParam<const F extends readonly [string, ...string[]]>(fields: F) {
  const pattern = new RegExp(`^(${fields.join('|')}):(asc|desc)$`);
  return z.string().regex(pattern, `Must be one of ${fields.join(', ')} followed by :asc or :desc`);
}

/** Splits a validated order_by value into its column and direction. */
export function parseOrderBy<F extends string>(value: string): OrderBy<F> {
  const [field, direction] = value.split(':');
  return { field: field as F, direction: direction === 'asc' ? 'asc' : 'desc' };
}
