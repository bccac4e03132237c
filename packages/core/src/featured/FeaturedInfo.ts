import { z } from 'zod';

/** A banner of the auth layout's carousel (spec §2, §3); banner urls are absolute. */
export const FeaturedInfo = z.object({
  subject: z.string(),
  description: z.string().nullable().optional(),
  banner_url: z.string(),
  banner_url_2: z.string().nullable().optional(),
  article_url: z.string().nullable().optional(),
});
export type FeaturedInfo = z.infer<typeof FeaturedInfo>;

export const FeaturedInfoList = z.array(FeaturedInfo);
export type FeaturedInfoList = z.infer<typeof FeaturedInfoList>;
