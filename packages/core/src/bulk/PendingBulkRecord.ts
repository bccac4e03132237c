import { z } from 'zod';
import { MockupDesignJson, MockupType } from '../catalog/MockupLayers.js';
import { ProductDesign } from '../catalog/Product.js';
import { ProductOptions } from '../catalog/ProductOptions.js';
import { MultiSpaceType, PrintType } from '../enums/catalog.js';
import { BULK_PENDING_TAKE_MAX } from './constants.js';

/** One design of a multi-space row (spec §3): the artwork url and the print space it goes on. */
export const MultiSpaceDesignItem = z.object({
  new_url: z.string().min(1),
  print_space: z.string().min(1).optional(),
});
export type MultiSpaceDesignItem = z.infer<typeof MultiSpaceDesignItem>;

/** A template product's print space as stored: at least name, width and height. */
export const TemplateProductPrintSpace = z.looseObject({
  name: z.string().min(1),
  width: z.number().positive(),
  height: z.number().positive(),
});
export type TemplateProductPrintSpace = z.infer<typeof TemplateProductPrintSpace>;

/** A mockup of a template product (spec §3 Template product template_mockups). */
export const TemplateMockup = z.object({
  id: z.number().int().positive(),
  print_space: z.string().min(1),
  type_detail: z.string().nullable().optional(),
  design_json: z.union([z.string(), MockupDesignJson]).nullable().optional(),
  file_url: z.string().nullable().optional(),
});
export type TemplateMockup = z.infer<typeof TemplateMockup>;

/**
 * A product of a bulk job's template campaign (spec §3 Template product). `print_spaces` comes as
 * JSON text (or an already parsed array); the row validator, not this schema, decides whether a
 * row's designs fit it, so that a bad row is marked invalid instead of failing the whole claim.
 */
export const TemplateProduct = z.object({
  id: z.number().int().positive(),
  template_id: z.number().int().positive(),
  /** The product's name (its template's, e.g. 'Ceramic Mug 11oz (3D)'), for readable reasons. */
  name: z.string().nullable().optional(),
  print_spaces: z.union([z.string(), z.array(TemplateProductPrintSpace)]),
  designs: z.array(ProductDesign).default([]),
  template_mockups: z.array(TemplateMockup).default([]),
  options: z.union([z.string(), ProductOptions]).nullable().optional(),
  default_option: z.string().nullable().optional(),
  full_printed: PrintType.default(0),
  mockup_type: MockupType.default('2d'),
  personalized: z.number().int().nonnegative().optional(),
});
export type TemplateProduct = z.infer<typeof TemplateProduct>;

/** The campaign a bulk job copies (spec §3 template_campaign, §7 bulk-v3/origin). */
export const TemplateCampaign = z.object({
  id: z.number().int().positive(),
  name: z.string().optional(),
  personalized: z.number().int().nonnegative().nullable().optional(),
  products: z.array(TemplateProduct),
});
export type TemplateCampaign = z.infer<typeof TemplateCampaign>;

/**
 * A claimed multi-space bulk row (spec §3 Pending bulk record). `designs` is kept as the raw JSON
 * text: a row whose designs are missing or malformed must still arrive so the worker can mark
 * it invalid with the spec's message. `lease_token` must be sent back with the row's result.
 */
export const PendingBulkRecord = z.object({
  id: z.number().int().positive(),
  bulk_id: z.number().int().positive().optional(),
  campaign_id: z.number().int().positive().nullable().optional(),
  campaign_name: z.string().nullable().optional(),
  template_campaign_id: z.number().int().positive(),
  template_campaign: TemplateCampaign.nullable().optional(),
  type: MultiSpaceType.default('regular_multi_space'),
  designs: z.string().nullable(),
  lease_token: z.string().min(1),
  lease_expires_at: z.string().optional(),
  /** Claims of the row so far, this one included (BULK_ROW_MAX_ATTEMPTS ends them). */
  attempts: z.number().int().nonnegative().optional(),
});
export type PendingBulkRecord = z.infer<typeof PendingBulkRecord>;
export type PendingBulkRecordInput = z.input<typeof PendingBulkRecord>;

/** `GET bulk-v3/pending` query: which kind of rows and how many to claim (spec §7). */
export const PendingBulkQuery = z.object({
  type: MultiSpaceType.default('regular_multi_space'),
  take: z.coerce.number().int().positive().max(BULK_PENDING_TAKE_MAX).default(1),
});
export type PendingBulkQuery = z.infer<typeof PendingBulkQuery>;
