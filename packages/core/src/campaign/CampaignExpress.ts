import { z } from 'zod';
import { PageParam } from '../api/pagination.js';
import type { TemplatePrintSpace } from '../catalog/TemplatePrintSpace.js';
import { BulkJobStatus } from '../enums/catalog.js';
import { DEFAULT_DPI, DEFAULT_MIN_DPI } from '../quality/constants.js';
import { type QualityLabel, qualityLabel } from '../quality/qualityLabel.js';
import { CampaignCreateBody } from './Campaign.js';

/**
 * Campaign express (spec §2 `/campaigns/express/*`, §3 product_type campaign_express): one step
 * from a template (or any campaign of the seller) and an artwork to a launched campaign. The
 * launch is a regular bulk job of one row that carries the seller's name, slug and prices and
 * launches its campaign once the designs and mockups are saved.
 */
export const EXPRESS_PRODUCT_TYPE = 'campaign_express';

/** Express launches listed per page at most. */
export const EXPRESS_LIST_PER_PAGE_MAX = 50;
export const EXPRESS_LIST_PER_PAGE = 10;

/** What a seller reads when an express launch cannot start or cannot go live. */
export const EXPRESS_MESSAGES = {
  sourceNotFound: 'Template not found',
  slugTaken: 'This slug is already used by another of your campaigns.',
  artworkNotUploaded: 'Upload the artwork file first: only your own uploads can be used.',
  artworkMissing: 'The artwork file could not be read; please upload it again.',
  artworkNotImage: 'The artwork must be a PNG, JPEG, WebP or GIF image.',
  artworkUnreadable: 'The artwork image size could not be read; please upload another file.',
  artworkTooSmall: (min: number) =>
    `The artwork is too small: it needs at least ${min} pixels on its shorter side.`,
  priceProduct: (id: number) => `Product #${id} is not a product of this template.`,
  notLaunched: (why: string) => `Saved as a draft, not launched: ${why}`,
  notRetryable: 'Only a failed or stopped express launch can be tried again.',
} as const;

/** An artwork smaller than this on its shorter side cannot make a print file. */
export const EXPRESS_ARTWORK_MIN_SIDE = 100;

const TWO_DECIMALS = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** A price the seller sets for one product of the template (major units, 2 decimals). */
export const ExpressPrice = z.object({
  product_id: z.number().int().positive(),
  price: z
    .number()
    .nonnegative('A price cannot be negative')
    .max(99_999_999.99, 'This price is too high')
    .refine(TWO_DECIMALS, 'A price has at most 2 decimals'),
});
export type ExpressPrice = z.infer<typeof ExpressPrice>;

/** `POST /seller/campaign/express`: launch a campaign from a template and one artwork. */
export const ExpressLaunchBody = z.object({
  source_campaign_id: z.number().int().positive(),
  artwork_url: z.string().trim().min(1, 'Upload the artwork first').max(2048),
  name: z.string().trim().min(1, 'Campaign name is required').max(255),
  /** Without it, the name's slug made free (`dog-tee`, `dog-tee-2`…). */
  slug: CampaignCreateBody.shape.slug,
  /** Prices for some of the template's products (by the template's product id); others keep theirs. */
  prices: z.array(ExpressPrice).max(100).default([]),
});
export type ExpressLaunchBody = z.infer<typeof ExpressLaunchBody>;
export type ExpressLaunchBodyInput = z.input<typeof ExpressLaunchBody>;

/**
 * Where an express launch stands: `queued` (waiting for a worker), `rendering` (a worker is
 * drawing its designs and mockups), `launched` (on sale), `draft` (made but a launch check
 * refused it; `message` says why), `failed` (the worker gave up; `message` says why),
 * `stopped` (stopped from the bulk list).
 */
export const EXPRESS_STAGES = [
  'queued',
  'rendering',
  'launched',
  'draft',
  'failed',
  'stopped',
] as const;
export const ExpressStage = z.enum(EXPRESS_STAGES);
export type ExpressStage = z.infer<typeof ExpressStage>;

/** Stages an express launch does not leave by itself. */
export const EXPRESS_FINAL_STAGES: readonly ExpressStage[] = [
  'launched',
  'draft',
  'failed',
  'stopped',
];

/** Which stage a job status and its campaign's status make. */
export function expressStage(
  jobStatus: string,
  campaignStatus: string | null | undefined,
): ExpressStage {
  switch (jobStatus) {
    case 'pending':
      return 'queued';
    case 'processing':
      return 'rendering';
    case 'completed':
      return campaignStatus === 'active' ? 'launched' : 'draft';
    case 'stopped':
      return 'stopped';
    default:
      return 'failed';
  }
}

/** One express launch as the page shows it. */
export const ExpressLaunch = z.object({
  /** The bulk job's id (its row on the bulk list too). */
  id: z.number().int().positive(),
  source_campaign_id: z.number().int().positive().nullable(),
  source_name: z.string().nullable(),
  name: z.string(),
  /** The slug asked for, or chosen when the launch started. */
  slug: z.string(),
  artwork_url: z.string().nullable(),
  stage: ExpressStage,
  status: BulkJobStatus,
  campaign_id: z.number().int().positive().nullable(),
  campaign_slug: z.string().nullable(),
  campaign_status: z.string().nullable(),
  thumb_url: z.string().nullable(),
  /** Why it failed or stayed a draft; null otherwise. */
  message: z.string().nullable(),
  created_at: z.string(),
});
export type ExpressLaunch = z.infer<typeof ExpressLaunch>;

export const ExpressListQuery = z.object({
  page: PageParam.default(1),
  per_page: z.coerce
    .number()
    .int()
    .positive()
    .max(EXPRESS_LIST_PER_PAGE_MAX)
    .default(EXPRESS_LIST_PER_PAGE),
});
export type ExpressListQuery = z.infer<typeof ExpressListQuery>;
export type ExpressListQueryInput = z.input<typeof ExpressListQuery>;

/** How an artwork contained and centred on one print space prints (spec §5 quality labels). */
export interface ExpressPrintQuality {
  print_space: string;
  /** Effective DPI of the artwork at the contain scale, rounded down. */
  dpi: number;
  label: QualityLabel;
}

/**
 * The print quality of an artwork on each print space of an express launch: the artwork is
 * contained and centred on the space (as the bulk workers draw it), so one artwork pixel covers
 * `min(space w / art w, space h / art h)` print pixels and its effective DPI is the space's DPI
 * divided by that scale; the label is the editor's (good, normal, low).
 */
export function expressPrintQuality(
  artwork: { width: number; height: number },
  spaces: readonly Pick<TemplatePrintSpace, 'name' | 'width' | 'height' | 'DPI' | 'minDPI'>[],
): ExpressPrintQuality[] {
  return spaces.map((space) => {
    const dpi = space.DPI ?? DEFAULT_DPI;
    const minDpi = space.minDPI ?? DEFAULT_MIN_DPI;
    const scale = Math.min(space.width / artwork.width, space.height / artwork.height);
    const effective = dpi / scale;
    return {
      print_space: space.name,
      dpi: Math.floor(effective + 1e-9),
      label: qualityLabel(effective, dpi, minDpi),
    };
  });
}
