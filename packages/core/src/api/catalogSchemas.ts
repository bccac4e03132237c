import { z } from 'zod';

/** `GET /seller/mockups?template_ids=1,2`: the mockup templates of those product templates. */
export const MockupsQuery = z.object({
  template_ids: z.string().regex(/^\d+(?:,\d+)*$/, 'template_ids must be ids separated by commas'),
});
export type MockupsQuery = z.infer<typeof MockupsQuery>;
export type MockupsQueryInput = z.input<typeof MockupsQuery>;

/** A numeric id in a path, e.g. `/seller/campaign/:id`. */
export const IdParams = z.object({ id: z.coerce.number().int().positive() });
export type IdParams = z.infer<typeof IdParams>;

/** The ids of a validated comma-separated list such as `template_ids`. */
export function splitIds(text: string): number[] {
  return text === '' ? [] : text.split(',').map(Number);
}
