import { z } from 'zod';

/** A seller account the signed-in user may act for (spec §3, §4 Switch account). */
export const AuthorizedAccount = z.object({
  seller_id: z.number().int().positive(),
  name: z.string(),
  avatar: z.string().nullable().optional(),
  role: z.string(),
});
export type AuthorizedAccount = z.infer<typeof AuthorizedAccount>;
