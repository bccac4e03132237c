import { z } from 'zod';
import { Campaign } from '../campaign/Campaign.js';
import { DesignSaveRecord } from '../campaign/DesignSaveRecord.js';
import { MockupUploadRecord } from '../campaign/MockupUploadRecord.js';
import { orderByParam } from '../campaign/orderBy.js';
import { checkTimeFilter, timeFilterFields } from '../campaign/timeFilter.js';
import { BulkJobStatus } from '../enums/catalog.js';
import { BULK_JOB_ROWS_MAX, BULK_LIST_PER_PAGE, BULK_NEXT_JOB_REASONS } from './constants.js';

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
    /** Set on the job next-job hands out: what `bulk/release` takes back. */
    lease_token: z.string().min(1).nullable().optional(),
    lease_expires_at: z.string().nullable().optional(),
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

export const BULK_REGULAR_ORDER_FIELDS = ['id', 'status', 'created_at'] as const;

/**
 * `GET bulk/jobs`: the seller's regular bulk jobs with the bulk list query of spec §3 (regular
 * jobs have no multi-space type, so `type` is not taken).
 */
export const BulkRegularListQuery = z
  .object({
    q: z.string().trim().max(255).optional(),
    page: z.coerce.number().int().positive().default(1),
    per_page: z.coerce.number().int().positive().max(100).default(BULK_LIST_PER_PAGE),
    status: BulkJobStatus.optional(),
    ...timeFilterFields,
    order_by: orderByParam(BULK_REGULAR_ORDER_FIELDS).default('id:desc'),
  })
  .superRefine(checkTimeFilter);
export type BulkRegularListQuery = z.infer<typeof BulkRegularListQuery>;
export type BulkRegularListQueryInput = z.input<typeof BulkRegularListQuery>;

/**
 * One regular bulk job as the list shows it: where it stands and, in `message`, the last thing
 * a worker logged about it (spec §8 worker log messages).
 */
export const BulkRegularRow = z.object({
  id: z.number().int().positive(),
  template_campaign_id: z.number().int().positive().nullable(),
  campaign_id: z.number().int().positive().nullable(),
  campaign_name: z.string(),
  prefix: z.string().nullable(),
  suffix: z.string().nullable(),
  collection: z.string().nullable(),
  designs: z.string().nullable(),
  status: BulkJobStatus,
  new_products: z.number().int().nonnegative(),
  message: z.string().nullable(),
  created_at: z.string(),
});
export type BulkRegularRow = z.infer<typeof BulkRegularRow>;

/** `POST bulk/jobs`: one regular job per artwork, all copying one template campaign. */
export const CreateBulkRegularJobsBody = z.object({
  template_campaign_id: z.number().int().positive(),
  prefix: z.string().trim().max(100).optional(),
  suffix: z.string().trim().max(100).optional(),
  collection: z.string().trim().max(255).optional(),
  rows: z
    .array(
      z.object({
        campaign_name: z.string().trim().min(1, 'Campaign name is required').max(255),
        new_url: z.string().trim().min(1, 'Design url is invalid'),
      }),
    )
    .min(1, 'Add at least one row')
    .max(BULK_JOB_ROWS_MAX),
});
export type CreateBulkRegularJobsBody = z.infer<typeof CreateBulkRegularJobsBody>;
export const CreateBulkRegularJobsAnswer = z.object({
  ids: z.array(z.number().int().positive()),
});
export type CreateBulkRegularJobsAnswer = z.infer<typeof CreateBulkRegularJobsAnswer>;
