import { z } from 'zod';
import { orderByParam } from '../campaign/orderBy.js';
import { checkTimeFilter, timeFilterFields } from '../campaign/timeFilter.js';
import { BulkJobStatus, MultiSpaceType } from '../enums/catalog.js';
import { BULK_JOB_ROWS_MAX, BULK_LIST_PER_PAGE } from './constants.js';
import { MultiSpaceDesignItem } from './PendingBulkRecord.js';

export const BULK_ORDER_FIELDS = ['id', 'status', 'created_at', 'updated_at'] as const;

/** `GET bulk-v3/campaigns` query (spec §3 Bulk multi-space list query). */
export const BulkMultiSpaceListQuery = z
  .object({
    q: z.string().trim().max(255).optional(),
    page: z.coerce.number().int().positive().default(1),
    per_page: z.coerce.number().int().positive().max(100).default(BULK_LIST_PER_PAGE),
    status: BulkJobStatus.optional(),
    type: MultiSpaceType.optional(),
    /** Rows of one job only (the import page follows its job). */
    bulk_id: z.coerce.number().int().positive().optional(),
    ...timeFilterFields,
    order_by: orderByParam(BULK_ORDER_FIELDS).default('id:desc'),
  })
  .superRefine(checkTimeFilter);
export type BulkMultiSpaceListQuery = z.infer<typeof BulkMultiSpaceListQuery>;
export type BulkMultiSpaceListQueryInput = z.input<typeof BulkMultiSpaceListQuery>;

/** One row of the bulk multi-space list: a row of a job and where it stands. */
export const BulkMultiSpaceRow = z.object({
  id: z.number().int().positive(),
  bulk_id: z.number().int().positive(),
  type: MultiSpaceType,
  status: BulkJobStatus,
  template_campaign_id: z.number().int().positive(),
  /** The campaign created from this row, once processed. */
  campaign_id: z.number().int().positive().nullable(),
  campaign_name: z.string().nullable().optional(),
  designs: z.string().nullable(),
  /** Why the row failed (the validator's message), if it did. */
  message: z.string().nullable().optional(),
  attempts: z.number().int().nonnegative().default(0),
  /** The worker that saved the row (its device id: a host name, 'server worker 1', a tab's id). */
  device_id: z.string().nullable().optional(),
  created_at: z.string(),
  updated_at: z.string().optional(),
});
export type BulkMultiSpaceRow = z.infer<typeof BulkMultiSpaceRow>;

/** A row of a new multi-space job: the campaign's name and its designs. */
export const BulkJobRowInput = z.object({
  campaign_name: z.string().trim().min(1).max(255).optional(),
  designs: z.array(MultiSpaceDesignItem).min(1, 'Empty valid design'),
});
export type BulkJobRowInput = z.infer<typeof BulkJobRowInput>;

/** `POST bulk-v3/jobs`: a template campaign times many rows (architecture: data flow step 2). */
export const CreateBulkJobBody = z.object({
  template_campaign_id: z.number().int().positive(),
  type: MultiSpaceType.default('regular_multi_space'),
  rows: z.array(BulkJobRowInput).min(1, 'Add at least one row').max(BULK_JOB_ROWS_MAX),
  /**
   * false creates the rows stopped, to be started later: no worker can claim a row between
   * the job's creation and a stop call.
   */
  start: z.boolean().default(true),
});
export type CreateBulkJobBody = z.infer<typeof CreateBulkJobBody>;

export const CreateBulkJobAnswer = z.object({
  id: z.number().int().positive(),
  rows: z.number().int().nonnegative(),
});
export type CreateBulkJobAnswer = z.infer<typeof CreateBulkJobAnswer>;

/**
 * `GET bulk-v3/jobs/:id`: a job and how many of its rows stand in each status, so a page can
 * follow a job of thousands of rows without listing them all.
 */
export const BulkJobSummary = z.object({
  id: z.number().int().positive(),
  template_campaign_id: z.number().int().positive(),
  template_campaign_name: z.string().nullable(),
  type: MultiSpaceType,
  created_at: z.string(),
  total: z.number().int().nonnegative(),
  counts: z.partialRecord(BulkJobStatus, z.number().int().nonnegative()),
});
export type BulkJobSummary = z.infer<typeof BulkJobSummary>;

/** `POST bulk-v3/retry` takes one row; remove, start and stop take ids (spec §7). */
export const BulkRowIdBody = z.object({ id: z.number().int().positive() });
export type BulkRowIdBody = z.infer<typeof BulkRowIdBody>;
export const BulkRowIdsBody = z.object({
  ids: z.array(z.number().int().positive()).min(1, 'Select at least one row'),
});
export type BulkRowIdsBody = z.infer<typeof BulkRowIdsBody>;
/** start-all and stop-all act on every row of the seller, optionally of one type. */
export const BulkAllBody = z.object({ type: MultiSpaceType.optional() });
export type BulkAllBody = z.infer<typeof BulkAllBody>;
export const BulkRemoveAnswer = z.object({ ids: z.array(z.number().int().positive()) });
export type BulkRemoveAnswer = z.infer<typeof BulkRemoveAnswer>;
export const BulkAllAnswer = z.object({ updated: z.number().int().nonnegative() });
export type BulkAllAnswer = z.infer<typeof BulkAllAnswer>;
