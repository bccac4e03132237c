import { z } from 'zod';
import { Campaign } from '../campaign/Campaign.js';
import { DesignSaveRecord } from '../campaign/DesignSaveRecord.js';
import { MockupUploadRecord } from '../campaign/MockupUploadRecord.js';
import { BULK_NEXT_JOB_REASONS } from './constants.js';

export const BulkNextJobReason = z.enum(BULK_NEXT_JOB_REASONS);
export type BulkNextJobReason = z.infer<typeof BulkNextJobReason>;

/**
 * A regular bulk job (spec §3 Bulk regular-campaign job): one campaign to make from a template
 * campaign and a design. `designs` is JSON text whose items carry `new_url`. `created` is true
 * once the campaign exists (then `campaign_id` names it); `new_products` counts the products it
 * received.
 */
export const BulkRegularJob = z
  .object({
    id: z.number().int().positive(),
    template_campaign_id: z.number().int().positive().nullable().optional(),
    campaign_id: z.number().int().positive().nullable().optional(),
    campaign_name: z.string(),
    prefix: z.string().nullable().optional(),
    suffix: z.string().nullable().optional(),
    collection: z.string().nullable().optional(),
    designs: z.string().nullable(),
    created: z.boolean().default(false),
    pending: z.boolean().default(true),
    reason: z.string().nullable().optional(),
    new_products: z.number().int().nonnegative().default(0),
  })
  .refine((job) => job.template_campaign_id != null || job.campaign_id != null, {
    message: 'A regular bulk job needs template_campaign_id or campaign_id',
    path: ['template_campaign_id'],
  });
export type BulkRegularJob = z.infer<typeof BulkRegularJob>;
export type BulkRegularJobInput = z.input<typeof BulkRegularJob>;

/** `GET bulk/next-job` query: who asks (spec §7). */
export const NextJobQuery = z.object({
  deviceId: z.string().default(''),
  sessionId: z.string().min(1, 'sessionId is required'),
  ipAddress: z.string().default(''),
  processId: z.string().default(''),
});
export type NextJobQuery = z.infer<typeof NextJobQuery>;

/**
 * The next-job answer (spec §7): `reload` asks the tab to reload; `pending` says a job was
 * handed out (then in `job`); `created` says that job's campaign exists already; `reason` says
 * why nothing was handed out (server reasons of spec §8).
 */
export const NextJobAnswer = z.object({
  reload: z.boolean().default(false),
  pending: z.boolean(),
  created: z.boolean().default(false),
  reason: BulkNextJobReason.nullable().default(null),
  job: BulkRegularJob.nullable().default(null),
});
export type NextJobAnswer = z.infer<typeof NextJobAnswer>;
export type NextJobAnswerInput = z.input<typeof NextJobAnswer>;

/** `POST bulk/create-campaign` (spec §7). */
export const BulkCreateCampaignBody = z.object({
  campaign_id: z.number().int().positive(),
  design_info: z.object({
    name: z.string().trim().min(1, 'Campaign name is required'),
    slug: z.string().min(1),
    collection: z.string().nullable().optional(),
    file_url: z.string().min(1),
  }),
  uploaded_at: z.union([z.string().min(1), z.number().int().nonnegative()]),
  bulk_id: z.number().int().positive(),
});
export type BulkCreateCampaignBody = z.infer<typeof BulkCreateCampaignBody>;
export const BulkCreateCampaignAnswer = z.object({ new_campaign: Campaign });
export type BulkCreateCampaignAnswer = z.infer<typeof BulkCreateCampaignAnswer>;

/** `POST bulk/log` (spec §7): a worker message about a job, e.g. 'Campaign fetch failed'. */
export const BulkLogBody = z.object({
  bulk_id: z.number().int().positive(),
  log: z.string().trim().min(1).max(2000),
});
export type BulkLogBody = z.infer<typeof BulkLogBody>;

/** `POST bulk/save-designs` (spec §7): the rendered designs and mockups of a job's campaign. */
export const BulkSaveDesignsBody = z.object({
  data: z.object({
    designs: z.array(DesignSaveRecord).default([]),
    mockups: z.array(MockupUploadRecord).default([]),
  }),
  campaignId: z.number().int().positive(),
  storage: z.literal('s3'),
  bulk_id: z.number().int().positive(),
});
export type BulkSaveDesignsBody = z.infer<typeof BulkSaveDesignsBody>;
export type BulkSaveDesignsBodyInput = z.input<typeof BulkSaveDesignsBody>;
