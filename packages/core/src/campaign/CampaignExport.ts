import { z } from 'zod';
import { ID_TOO_LARGE_MESSAGE, MAX_ID, splitIds } from '../api/catalogSchemas.js';
import { PrintSpaceDesignText } from '../design/DesignDocument.js';
import { CampaignType } from '../enums/catalog.js';
import { Niche } from '../enums/niches.js';
import { CampaignCreateBody, CampaignProductType } from './Campaign.js';

/** The format name every campaign export carries; an import refuses any other. */
export const CAMPAIGN_EXPORT_FORMAT = 'printloom.campaigns.v1';
/** Most campaigns one export or one import holds. */
export const CAMPAIGN_EXPORT_MAX = 500;

/**
 * A print space design of an exported product: its JSON and its print file address. An export
 * carries the JSON as it is stored; an import checks it ({@link CampaignImportItem}).
 */
export const CampaignExportDesign = z.object({
  print_space: z.string().min(1),
  design_json: z.string().nullable().optional(),
  file_url: z.string().min(1).nullable().optional(),
  option: z.enum(['custom', 'print']).optional(),
});
export type CampaignExportDesign = z.infer<typeof CampaignExportDesign>;

/** A rendered mockup of an exported product. */
export const CampaignExportMockup = z.object({
  print_space: z.string().min(1),
  file_url: z.string().min(1),
  mockup_template_id: z.number().int().positive().nullable().optional(),
  is_default: z.boolean().default(false),
});
export type CampaignExportMockup = z.infer<typeof CampaignExportMockup>;

/** An exported product: the catalog template it is made from, its colours, price and artwork. */
export const CampaignExportProduct = z.object({
  template_id: z.number().int().positive(),
  options: z.record(z.string(), z.array(z.string().min(1))).optional(),
  default_option: z.string().nullable().optional(),
  price: z.number().nonnegative().nullable().optional(),
  designs: z.array(CampaignExportDesign).default([]),
  mockups: z.array(CampaignExportMockup).default([]),
});
export type CampaignExportProduct = z.infer<typeof CampaignExportProduct>;

/**
 * One campaign of an export. `source_id` names where it came from (`campaign:<id>` for a
 * campaign made here, the same source again for one that was itself imported): importing the
 * same source twice into one account makes one campaign.
 */
export const CampaignExportItem = z.object({
  source_id: z.string().trim().min(1, 'source_id is required').max(200),
  name: CampaignCreateBody.shape.name,
  slug: CampaignCreateBody.shape.slug.nullable(),
  product_type: CampaignProductType.default('campaign'),
  system_type: CampaignType.default('regular'),
  niche: Niche.nullable().optional(),
  collection: z.string().max(255).nullable().optional(),
  artwork_url: z.string().min(1).nullable().optional(),
  products: z.array(CampaignExportProduct).min(1, 'A campaign needs at least one product'),
});
export type CampaignExportItem = z.infer<typeof CampaignExportItem>;
export type CampaignExportItemInput = z.input<typeof CampaignExportItem>;

/** A campaign of an import: an export entry whose designs must be print space designs. */
export const CampaignImportItem = CampaignExportItem.extend({
  products: z
    .array(
      CampaignExportProduct.extend({
        designs: z
          .array(
            CampaignExportDesign.extend({
              design_json: PrintSpaceDesignText.nullable().optional(),
            }),
          )
          .default([]),
      }),
    )
    .min(1, 'A campaign needs at least one product'),
});
export type CampaignImportItem = z.infer<typeof CampaignImportItem>;

/** A campaign export file (`GET /seller/campaign/export`, `GET /seller/campaign/:id/export`). */
export const CampaignExport = z.object({
  format: z.literal(CAMPAIGN_EXPORT_FORMAT),
  exported_at: z.string(),
  campaigns: z.array(CampaignExportItem),
});
export type CampaignExport = z.infer<typeof CampaignExport>;

/** `GET /seller/campaign/export`: the named campaigns, or the newest ones when none is named. */
export const CampaignExportQuery = z.object({
  ids: z
    .string()
    .regex(/^\d+(?:,\d+)*$/, 'ids must be ids separated by commas')
    .refine((text) => splitIds(text).every((id) => id <= MAX_ID), ID_TOO_LARGE_MESSAGE)
    .refine((text) => splitIds(text).length <= CAMPAIGN_EXPORT_MAX, {
      message: `At most ${CAMPAIGN_EXPORT_MAX} ids`,
    })
    .optional(),
});
export type CampaignExportQuery = z.infer<typeof CampaignExportQuery>;

/**
 * `POST /seller/campaign/import`: an export file. Each campaign is checked on its own, so one
 * bad entry is reported in its result and the others are imported.
 */
export const CampaignImportBody = z.object({
  format: z.literal(CAMPAIGN_EXPORT_FORMAT, {
    error: `Not a campaign export: format must be ${CAMPAIGN_EXPORT_FORMAT}`,
  }),
  campaigns: z
    .array(z.record(z.string(), z.unknown()))
    .min(1, 'The file holds no campaigns')
    .max(CAMPAIGN_EXPORT_MAX, `At most ${CAMPAIGN_EXPORT_MAX} campaigns per import`),
});
export type CampaignImportBody = z.infer<typeof CampaignImportBody>;

/** What became of one campaign of an import. */
export const CampaignImportResult = z.object({
  index: z.number().int().nonnegative(),
  source_id: z.string().nullable(),
  name: z.string().nullable(),
  status: z.enum(['created', 'skipped', 'failed']),
  campaign_id: z.number().int().positive().nullable(),
  message: z.string().nullable(),
});
export type CampaignImportResult = z.infer<typeof CampaignImportResult>;

export const CampaignImportAnswer = z.object({
  results: z.array(CampaignImportResult),
  created: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
});
export type CampaignImportAnswer = z.infer<typeof CampaignImportAnswer>;

/** A zod error as one line for a seller: "products.0.template_id: Expected number". */
export function importIssueText(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) =>
      issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
    )
    .join('; ');
}
