import { z } from 'zod';
import { ID_TOO_LARGE_MESSAGE, MAX_ID } from '../api/catalogSchemas.js';
import { EntityStatus } from '../enums/catalog.js';
import { CAMPAIGN_BULK_ACTION_MAX_IDS } from './constants.js';

/** What the campaign list may do to several campaigns at once. */
export const CAMPAIGN_BULK_ACTIONS = ['deactivate', 'delete', 'launch'] as const;
export const CampaignBulkActionName = z.enum(CAMPAIGN_BULK_ACTIONS);
export type CampaignBulkActionName = z.infer<typeof CampaignBulkActionName>;

/** `POST /seller/campaign/bulk-action`: one action on up to {@link CAMPAIGN_BULK_ACTION_MAX_IDS} campaigns. */
export const CampaignBulkActionBody = z.object({
  action: CampaignBulkActionName,
  ids: z
    .array(z.number().int().positive().max(MAX_ID, ID_TOO_LARGE_MESSAGE))
    .min(1, 'Choose at least one campaign')
    .max(CAMPAIGN_BULK_ACTION_MAX_IDS, `At most ${CAMPAIGN_BULK_ACTION_MAX_IDS} campaigns at once`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each campaign may be named once'),
});
export type CampaignBulkActionBody = z.infer<typeof CampaignBulkActionBody>;

/**
 * The outcome for one campaign of a bulk action: `ok` with the campaign's status after it
 * (absent once deleted), or the reason it was left as it was.
 */
export const CampaignActionResult = z.object({
  id: z.number().int().positive(),
  ok: z.boolean(),
  status: EntityStatus.optional(),
  message: z.string().optional(),
});
export type CampaignActionResult = z.infer<typeof CampaignActionResult>;

/** The answer of a bulk action: one result per id, in the order the ids were sent. */
export const CampaignBulkActionAnswer = z.object({
  results: z.array(CampaignActionResult),
});
export type CampaignBulkActionAnswer = z.infer<typeof CampaignBulkActionAnswer>;

/** The answer of a delete: the id that no longer shows anywhere. */
export const CampaignDeletedAnswer = z.object({ id: z.number().int().positive() });
export type CampaignDeletedAnswer = z.infer<typeof CampaignDeletedAnswer>;

/** The suffix a duplicate's name carries (`"Summer Tee (copy)"`). */
export const DUPLICATE_NAME_SUFFIX = ' (copy)';
