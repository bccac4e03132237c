import { z } from 'zod';

/** A currency the dashboard shows prices in (spec §3): ISO 4217 code and a BCP 47 locale. */
export const Currency = z.object({
  code: z.string().regex(/^[A-Z]{3}$/, 'Currency code must be 3 capital letters'),
  locale: z.string().min(2),
  rate: z.number().positive().optional(),
});
export type Currency = z.infer<typeof Currency>;
