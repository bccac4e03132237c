import { z } from 'zod';

/**
 * The largest id a request may name: ids are PostgreSQL bigints (up to 2^63 − 1), read as
 * JavaScript numbers, which are exact up to 2^53 − 1.
 */
export const MAX_ID = Number.MAX_SAFE_INTEGER;
export const ID_TOO_LARGE_MESSAGE = `An id is at most ${MAX_ID}`;

/** `GET /seller/mockups?template_ids=1,2`: the mockup templates of those product templates. */
export const MockupsQuery = z.object({
  template_ids: z
    .string()
    .regex(/^\d+(?:,\d+)*$/, 'template_ids must be ids separated by commas')
    .refine((text) => splitIds(text).every((id) => id <= MAX_ID), ID_TOO_LARGE_MESSAGE),
});
export type MockupsQuery = z.infer<typeof MockupsQuery>;
export type MockupsQueryInput = z.input<typeof MockupsQuery>;

/** A numeric id in a path, e.g. `/seller/campaign/:id`. */
export const IdParams = z.object({
  id: z.coerce.number().int().positive().max(MAX_ID, ID_TOO_LARGE_MESSAGE),
});
export type IdParams = z.infer<typeof IdParams>;

/** The ids of a validated comma-separated list such as `template_ids`. */
export function splitIds(text: string): number[] {
  return text === '' ? [] : text.split(',').map(Number);
}
