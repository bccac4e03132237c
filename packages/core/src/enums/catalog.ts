import { z } from 'zod';

/** One status set shared by stores, products and campaigns (spec §3). */
export const ENTITY_STATUSES = ['draft', 'active', 'inactive', 'reviewing', 'blocked'] as const;
export const EntityStatus = z.enum(ENTITY_STATUSES);
export type EntityStatus = z.infer<typeof EntityStatus>;
export const StoreStatus = EntityStatus;
export type StoreStatus = EntityStatus;
export const ProductStatus = EntityStatus;
export type ProductStatus = EntityStatus;
export const CampaignStatus = EntityStatus;
export type CampaignStatus = EntityStatus;

export const CAMPAIGN_TYPES = [
  'regular',
  'custom',
  'campaign_express',
  'mockup',
  'aop',
  'combo',
  'express_2',
  'ai_mockup',
] as const;
export const CampaignType = z.enum(CAMPAIGN_TYPES);
export type CampaignType = z.infer<typeof CampaignType>;

export const MULTI_SPACE_TYPES = ['regular_multi_space', 'express_multi_space'] as const;
export const MultiSpaceType = z.enum(MULTI_SPACE_TYPES);
export type MultiSpaceType = z.infer<typeof MultiSpaceType>;

/**
 * Print types (spec §3): the numeric codes are stored on products as `full_printed`, so the
 * names map to the spec's numbers and never the other way round.
 */
export const PRINT_TYPES = {
  print2d: 0,
  full2d: 1,
  full3d: 2,
  aop: 3,
  embroidery: 4,
  handmade: 5,
} as const;
export type PrintTypeName = keyof typeof PRINT_TYPES;
export const PrintType = z.literal([0, 1, 2, 3, 4, 5]);
export type PrintType = z.infer<typeof PrintType>;

export const TEXT_DISPLAY_STYLES = ['color', 'transparent', 'image_background'] as const;
export const TextDisplayStyle = z.enum(TEXT_DISPLAY_STYLES);
export type TextDisplayStyle = z.infer<typeof TextDisplayStyle>;

export const BULK_JOB_STATUSES = [
  'pending',
  'processing',
  'completed',
  'failed',
  'stopped',
  'duplicate',
  'save_design',
] as const;
export const BulkJobStatus = z.enum(BULK_JOB_STATUSES);
export type BulkJobStatus = z.infer<typeof BulkJobStatus>;

export const PRODUCT_SEARCH_SORTS = [
  'relevant',
  'newest',
  'oldest',
  'highest_price',
  'lowest_price',
  'popular',
  'featured',
  'a_z',
  'z_a',
] as const;
export const ProductSearchSort = z.enum(PRODUCT_SEARCH_SORTS);
export type ProductSearchSort = z.infer<typeof ProductSearchSort>;

export const MARKETPLACES = ['ebay', 'etsy', 'poshmark', 'tiktok', 'amazon'] as const;
export const Marketplace = z.enum(MARKETPLACES);
export type Marketplace = z.infer<typeof Marketplace>;
