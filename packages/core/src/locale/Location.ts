import { z } from 'zod';

/** A place a seller ships to or a buyer is in (spec §3); `type` is 'country' for countries. */
export const Location = z.object({
  code: z.string().min(1),
  name: z.string().min(1),
  type: z.string().default('country'),
});
export type Location = z.infer<typeof Location>;
