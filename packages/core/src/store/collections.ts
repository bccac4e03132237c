import { z } from 'zod';

/**
 * A seller's collections (issue 12): a named, ordered group of campaigns shown on the
 * storefront (`/collections/{slug}`), with featured campaigns first in the order the seller set.
 * `store_id` null shows the collection in every store of the seller.
 */

export const COLLECTION_SLUG_MAX = 80;
export const COLLECTION_CAMPAIGNS_MAX = 5000;

export const COLLECTION_MESSAGES = {
  nameRequired: 'The collection name is required.',
  slugFormat: `The slug uses lowercase letters, digits and hyphens (at most ${COLLECTION_SLUG_MAX}).`,
  slugTaken: 'You already have a collection with this slug.',
  created: 'Collection created.',
  updated: 'Collection saved.',
  deleted: 'Collection deleted.',
  featuredSaved: 'Featured campaigns saved.',
  foreignCampaign: 'Some of these campaigns are not yours.',
  foreignStore: 'This store is not yours.',
} as const;

const CampaignIds = z
  .array(z.number().int().positive())
  .max(COLLECTION_CAMPAIGNS_MAX)
  .overwrite((ids) => [...new Set(ids)]);

export const CollectionSlug = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, COLLECTION_MESSAGES.slugFormat)
  .max(COLLECTION_SLUG_MAX, COLLECTION_MESSAGES.slugFormat);

export const CollectionBody = z.object({
  name: z
    .string({ error: COLLECTION_MESSAGES.nameRequired })
    .trim()
    .min(1, COLLECTION_MESSAGES.nameRequired)
    .max(120),
  slug: CollectionSlug.optional(),
  description: z
    .string()
    .trim()
    .max(5000)
    .nullable()
    .optional()
    .overwrite((value) => (value === '' ? null : value)),
  image_url: z
    .string()
    .trim()
    .max(2000)
    .nullable()
    .optional()
    .overwrite((value) => (value === '' ? null : value))
    .refine(
      (value) =>
        value === null ||
        value === undefined ||
        /^(https?:\/\/|\/(?!\/)|images\/)\S*$/i.test(value),
      { error: 'Images are addressed with https://, http:// or /.' },
    ),
  /** null: shown in every store of the seller. */
  store_id: z.number().int().positive().nullable().optional(),
  /** Shown on the store home. */
  featured: z.boolean().optional(),
  /** The campaigns in the collection (replaces the list; kept ones keep their place). */
  campaign_ids: CampaignIds.optional(),
});
export type CollectionBody = z.input<typeof CollectionBody>;

export const CollectionUpdateBody = CollectionBody.partial();
export type CollectionUpdateBody = z.input<typeof CollectionUpdateBody>;

export const CollectionListQuery = z.object({
  q: z.string().trim().max(255).optional(),
  store_id: z.coerce.number().int().positive().optional(),
});

export const Collection = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  store_id: z.number().int().nullable(),
  featured: z.boolean(),
  campaign_count: z.number().int(),
  featured_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Collection = z.infer<typeof Collection>;

/** A campaign of a collection, in display order. */
export const CollectionCampaign = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string().nullable(),
  status: z.string(),
  thumb_url: z.string().nullable(),
  position: z.number().int(),
  featured: z.boolean(),
});
export type CollectionCampaign = z.infer<typeof CollectionCampaign>;

export const CollectionDetail = Collection.extend({ campaigns: z.array(CollectionCampaign) });
export type CollectionDetail = z.infer<typeof CollectionDetail>;

/** The featured campaigns, in order; campaigns not yet in the collection are added. */
export const FeaturedCampaignsBody = z.object({ campaign_ids: CampaignIds });
