import { z } from 'zod';

/**
 * Bulk custom mockup (spec §2 /bulk-campaigns/custom/mockup/{id?}): one of the seller's own
 * mockup photos drawn with the design of many campaigns at once. A job has one row per
 * campaign; the server's background worker draws each row and adds the picture to the
 * campaign's mockups.
 */
export const CUSTOM_MOCKUP_JOB_ROWS_MAX = 500;

export const CUSTOM_MOCKUP_ROW_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export const CustomMockupRowStatus = z.enum(CUSTOM_MOCKUP_ROW_STATUSES);
export type CustomMockupRowStatus = z.infer<typeof CustomMockupRowStatus>;

/** What a seller reads when a bulk custom mockup job or row cannot go on. */
export const CUSTOM_MOCKUP_JOB_MESSAGES = {
  mockupNotFound: 'Custom mockup not found',
  campaignsNotFound: (ids: readonly number[]) =>
    `${ids.length === 1 ? 'Campaign' : 'Campaigns'} ${ids.map((id) => `#${id}`).join(', ')} not found.`,
  noDesign: 'This campaign has no design file to place on the mockup.',
  campaignGone: 'This campaign was deleted.',
  nothingToRetry: 'No failed row to try again.',
} as const;

/** `POST /seller/campaign/bulk/custom-mockup`. */
export const CreateCustomMockupJobBody = z.object({
  custom_mockup_id: z.number().int().positive(),
  campaign_ids: z
    .array(z.number().int().positive())
    .min(1, 'Select at least one campaign')
    .max(CUSTOM_MOCKUP_JOB_ROWS_MAX, `Select at most ${CUSTOM_MOCKUP_JOB_ROWS_MAX} campaigns`)
    .refine((ids) => new Set(ids).size === ids.length, 'A campaign is selected twice'),
});
export type CreateCustomMockupJobBody = z.infer<typeof CreateCustomMockupJobBody>;

/** `POST /seller/campaign/bulk/custom-mockup/:id/retry`: these failed rows, or all of them. */
export const RetryCustomMockupRowsBody = z.object({
  row_ids: z.array(z.number().int().positive()).max(CUSTOM_MOCKUP_JOB_ROWS_MAX).optional(),
});
export type RetryCustomMockupRowsBody = z.infer<typeof RetryCustomMockupRowsBody>;

export const CustomMockupJobRow = z.object({
  id: z.number().int().positive(),
  campaign_id: z.number().int().positive(),
  campaign_name: z.string().nullable(),
  status: CustomMockupRowStatus,
  /** Why the row failed; null otherwise. */
  reason: z.string().nullable(),
  /** The mockup drawn, once completed. */
  file_url: z.string().nullable(),
});
export type CustomMockupJobRow = z.infer<typeof CustomMockupJobRow>;

const count = z.number().int().nonnegative();

/** A job: its mockup, the counts per row status and (for one job) its rows. */
export const CustomMockupJob = z.object({
  id: z.number().int().positive(),
  custom_mockup_id: z.number().int().positive().nullable(),
  mockup_name: z.string().nullable(),
  total: count,
  counts: z.object({ pending: count, processing: count, completed: count, failed: count }),
  created_at: z.string(),
  rows: z.array(CustomMockupJobRow).default([]),
});
export type CustomMockupJob = z.infer<typeof CustomMockupJob>;

/** Whether a job still has rows its worker has to draw. */
export function customMockupJobRunning(job: Pick<CustomMockupJob, 'counts'>): boolean {
  return job.counts.pending + job.counts.processing > 0;
}
