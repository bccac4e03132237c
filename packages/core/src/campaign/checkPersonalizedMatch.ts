import { PRINT_TYPES } from '../enums/catalog.js';

/** Messages of the personalised matching rule (spec §5). */
export const PERSONALIZED_MISMATCH_MESSAGE =
  "Campaign's personalized should be matched with products's personalized.";
export const PERSONALIZED_ERROR_MESSAGE = 'An error occurred, please try again.';

export type PersonalizedMatchResult = { ok: true } | { ok: false; message: string };

/** A personalized value as a number: true/false and numeric text read as 1/0 and the number. */
function personalizedValue(value: unknown): number {
  if (value === undefined || value === null || value === false) return 0;
  if (value === true) return 1;
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) {
    throw new TypeError(`personalized must be a number, got ${String(value)}`);
  }
  return number;
}

/**
 * Whether a campaign's products agree on personalisation (spec §5). Handmade products (print
 * type 5 in `full_printed`, spec §3 print types) are left out: they are made by hand either way.
 * Every other product must carry the same `personalized` value (a missing one counts as 0), and
 * that value must equal the campaign's when the campaign gives one. Anything unreadable (no
 * product list, a value that is not a number) gives 'An error occurred, please try again.'.
 */
export function checkPersonalizedMatch(
  campaign: { personalized?: unknown } | null | undefined,
  products: readonly { full_printed?: unknown; personalized?: unknown }[],
): PersonalizedMatchResult {
  try {
    if (!Array.isArray(products)) throw new TypeError('products must be a list');
    const values = new Set<number>();
    for (const product of products) {
      if (typeof product !== 'object' || product === null)
        throw new TypeError('product is not an object');
      if (Number(product.full_printed) === PRINT_TYPES.handmade) continue;
      values.add(personalizedValue(product.personalized));
    }
    const given = campaign?.personalized;
    if (given !== undefined && given !== null) values.add(personalizedValue(given));
    return values.size <= 1 ? { ok: true } : { ok: false, message: PERSONALIZED_MISMATCH_MESSAGE };
  } catch {
    return { ok: false, message: PERSONALIZED_ERROR_MESSAGE };
  }
}
