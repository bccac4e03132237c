import { z } from 'zod';
import { Product, ProductDesign } from '../catalog/Product.js';
import { PrintSpaceDesignText } from '../design/DesignDocument.js';
import { CampaignType, EntityStatus } from '../enums/catalog.js';
import { Niche } from '../enums/niches.js';
import { BundlePrice } from './combo.js';
import { CAMPAIGN_PRODUCT_TYPES } from './constants.js';

export const CampaignProductType = z.enum(CAMPAIGN_PRODUCT_TYPES);
export type CampaignProductType = z.infer<typeof CampaignProductType>;

/** A campaign design: a product's print space artwork (spec §3 Campaign designs). */
export const CampaignDesign = ProductDesign.extend({
  product_id: z.number().int().positive().nullable().optional(),
  option: z.enum(['custom', 'print']).optional(),
});
export type CampaignDesign = z.infer<typeof CampaignDesign>;

/**
 * A design as a campaign save sends it: its `design_json` must be a print space design. Answers
 * keep {@link CampaignDesign}, so a design saved before this check still reads.
 */
export const CampaignDesignInput = CampaignDesign.extend({
  design_json: PrintSpaceDesignText.nullable().optional(),
});
export type CampaignDesignInput = z.infer<typeof CampaignDesignInput>;

/**
 * A campaign (spec §3): its artwork and its products with their designs. List answers carry
 * no products (empty list); the campaign-by-id answer carries them.
 */
export const Campaign = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  slug: z.string().nullable().optional(),
  status: EntityStatus.default('draft'),
  product_type: CampaignProductType.default('campaign'),
  system_type: CampaignType.default('regular'),
  artwork_url: z.string().nullable().optional(),
  thumb_url: z.string().nullable().optional(),
  collection: z.string().nullable().optional(),
  personalized: z.number().int().nonnegative().nullable().optional(),
  /** The product category (spec §3 niches) buyers and stores find it under; null when unset. */
  niche: Niche.nullable().optional(),
  /** A combo's price for its whole set, in minor units; null until set (other types: none). */
  bundle_price: z.number().int().nonnegative().nullable().optional(),
  products: z.array(Product).default([]),
  designs: z.array(CampaignDesign).default([]),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
});
export type Campaign = z.infer<typeof Campaign>;
export type CampaignInput = z.input<typeof Campaign>;

/** A product to put in a new campaign: which template, its options and price. */
export const CampaignProductInput = z.object({
  template_id: z.number().int().positive(),
  options: z.record(z.string(), z.array(z.string().min(1))).optional(),
  default_option: z.string().optional(),
  price: z.number().nonnegative().optional(),
});
export type CampaignProductInput = z.infer<typeof CampaignProductInput>;

/** `POST /seller/campaign`: create a campaign from product templates. */
export const CampaignCreateBody = z.object({
  name: z.string().trim().min(1, 'Campaign name is required').max(255),
  slug: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Slug may hold lowercase letters, digits and dashes')
    .optional(),
  system_type: CampaignType.default('regular'),
  product_type: CampaignProductType.default('campaign'),
  artwork_url: z.string().optional(),
  collection: z.string().optional(),
  niche: Niche.optional(),
  /** A combo's price for its whole set, in minor units (spec §3 combo). */
  bundle_price: BundlePrice.optional(),
  products: z.array(CampaignProductInput).min(1, 'Choose at least one product'),
});
export type CampaignCreateBody = z.infer<typeof CampaignCreateBody>;

/**
 * A product of a campaign being edited: `id` names one it already has (its template cannot
 * change); without `id` the product is added from `template_id`.
 */
export const CampaignProductUpdate = CampaignProductInput.extend({
  id: z.number().int().positive().optional(),
});
export type CampaignProductUpdate = z.infer<typeof CampaignProductUpdate>;

/** A rendered mockup image of a campaign product (spec §3 Mockup upload record). */
export const CampaignMockupInput = z.object({
  product_id: z.number().int().positive(),
  print_space: z.string().min(1),
  file_url: z.string().min(1),
  mockup_template_id: z.number().int().positive().optional(),
  is_default: z.boolean().default(false),
});
export type CampaignMockupInput = z.infer<typeof CampaignMockupInput>;

/**
 * `PUT /seller/campaign/:id`: every field optional; designs replace those of their print space.
 * `products`, when sent, is the whole product list: products left out are removed. `mockups`
 * replace those of their product and print space; the default one becomes the campaign thumb.
 */
export const CampaignUpdateBody = z.object({
  name: z.string().trim().min(1, 'Campaign name is required').max(255).optional(),
  slug: CampaignCreateBody.shape.slug,
  status: EntityStatus.optional(),
  artwork_url: z.string().optional(),
  collection: z.string().optional(),
  /** A niche sets it, null clears it, leaving it out keeps it. */
  niche: Niche.nullable().optional(),
  /** A combo's set price in minor units: a price sets it, null clears it, absent keeps it. */
  bundle_price: BundlePrice.nullable().optional(),
  products: z.array(CampaignProductUpdate).min(1, 'Choose at least one product').optional(),
  designs: z.array(CampaignDesignInput).optional(),
  mockups: z.array(CampaignMockupInput).optional(),
});
export type CampaignUpdateBody = z.infer<typeof CampaignUpdateBody>;
