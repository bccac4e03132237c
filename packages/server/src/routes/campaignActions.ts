import {
  ApiError,
  type CampaignActionResult,
  type CampaignBulkActionName,
  checkPersonalizedMatch,
  DUPLICATE_NAME_SUFFIX,
} from '@printloom/core';
import { assertComboRules, type ComboFeeSettings } from '../combo/comboRules.js';
import type { Db } from '../db/Db.js';
import type { AuthContext } from '../http/authContext.js';
import { conflict, notFound, unprocessable } from '../http/errors.js';
import {
  campaignDesignCoverage,
  campaignProductsPersonalization,
  duplicateCampaign,
  lockCampaign,
  setCampaignStatus,
  softDeleteCampaign,
  unfinishedBulkUses,
} from '../sql/campaignLifecycle.js';
import { insertAudit } from '../sql/sessions.js';

export type CampaignAction = CampaignBulkActionName | 'duplicate';

/** No processing fee: a combo's minimum price is its base costs alone. */
const NO_FEES: ComboFeeSettings = { processingFee: 0, processingFeeMin: 0 };

/** What a seller is told when a campaign cannot take an action. */
export const CAMPAIGN_ACTION_MESSAGES = {
  blocked: 'This campaign is blocked; it cannot be launched or deactivated.',
  noProducts: 'Add a product before launching.',
  inBulkJob: (n: number) =>
    `This campaign is the template of a bulk job with ${n} ${n === 1 ? 'row' : 'rows'} still to make; stop or finish the job first.`,
  withoutDesign: (names: readonly string[]) =>
    `Add a design to ${names.join(', ')} before launching.`,
} as const;

/**
 * Runs one action on one of the seller's campaigns in its own transaction, audits it and
 * answers the campaign's id and its status afterwards (the new campaign's for a duplicate).
 * Throws 404 when the campaign is not the seller's live campaign, 409 or 422 with the reason
 * when it cannot take the action.
 */
export async function runCampaignAction(
  db: Db,
  auth: AuthContext,
  action: CampaignAction,
  id: number,
  /** The site's processing fee, which a combo's bundle price must cover with its base costs. */
  fees: ComboFeeSettings = NO_FEES,
): Promise<{ id: number; status?: 'active' | 'inactive' | 'draft' }> {
  const outcome = await db.transaction(async (tx) => {
    const campaign = await lockCampaign(tx, auth.sellerId, id);
    if (!campaign) throw notFound('Campaign not found');
    switch (action) {
      case 'launch': {
        if (campaign.status === 'blocked') throw conflict(CAMPAIGN_ACTION_MESSAGES.blocked);
        const coverage = await campaignDesignCoverage(tx, id);
        if (coverage.products === 0) throw unprocessable(CAMPAIGN_ACTION_MESSAGES.noProducts);
        if (coverage.withoutDesign.length > 0)
          throw unprocessable(CAMPAIGN_ACTION_MESSAGES.withoutDesign(coverage.withoutDesign));
        // Spec §5: the products (handmade ones aside) share one personalized value, the campaign's.
        const match = checkPersonalizedMatch(
          campaign,
          await campaignProductsPersonalization(tx, id),
        );
        if (!match.ok) throw unprocessable(match.message);
        // A combo goes live as a set: two products or more and a bundle price that covers them.
        await assertComboRules(tx, auth.sellerId, id, fees, true);
        await setCampaignStatus(tx, auth.sellerId, id, 'active');
        return { id, status: 'active' as const };
      }
      case 'deactivate':
        if (campaign.status === 'blocked') throw conflict(CAMPAIGN_ACTION_MESSAGES.blocked);
        await setCampaignStatus(tx, auth.sellerId, id, 'inactive');
        return { id, status: 'inactive' as const };
      case 'delete': {
        const uses = await unfinishedBulkUses(tx, auth.sellerId, id);
        if (uses > 0) throw conflict(CAMPAIGN_ACTION_MESSAGES.inBulkJob(uses));
        await softDeleteCampaign(tx, auth.sellerId, id);
        return { id };
      }
      case 'duplicate': {
        const copy = await duplicateCampaign(tx, auth.sellerId, campaign, DUPLICATE_NAME_SUFFIX);
        return { id: copy, status: 'draft' as const };
      }
    }
  });
  await insertAudit(db, {
    actorId: auth.actorId,
    sellerId: auth.sellerId,
    action: `campaign_${action}`,
    detail: action === 'duplicate' ? { id, copy: outcome.id } : { id },
  });
  return outcome;
}

/**
 * A bulk action: each id on its own (one transaction each), so a campaign that cannot take the
 * action is reported and the others go on. Unexpected failures stay failures of their id.
 */
export async function runBulkCampaignAction(
  db: Db,
  auth: AuthContext,
  action: CampaignBulkActionName,
  ids: readonly number[],
  log: (error: unknown, id: number) => void,
  fees: ComboFeeSettings = NO_FEES,
): Promise<CampaignActionResult[]> {
  const results: CampaignActionResult[] = [];
  for (const id of ids) {
    try {
      const outcome = await runCampaignAction(db, auth, action, id, fees);
      results.push({ id, ok: true, ...(outcome.status ? { status: outcome.status } : {}) });
    } catch (error) {
      if (error instanceof ApiError && error.statusCode < 500) {
        results.push({ id, ok: false, message: error.message });
      } else {
        log(error, id);
        results.push({ id, ok: false, message: 'Something went wrong, please try again.' });
      }
    }
  }
  return results;
}
