import { z } from 'zod';
import { AccountBalances } from '../ledger/schemas.js';
import { AccountBalance } from '../user/User.js';

/** `GET /api3/version`: when the app was last deployed; a change shows the new-version notice. */
export const VersionAnswer = z.object({ last_update: z.string().min(1) });

/**
 * The third-party widgets of the shell (spec §1–§3): the support chat (Crisp) and the changelog
 * (Headway), each null when the deployment has not configured it. The dashboard loads a
 * provider's script only when its entry is set.
 */
export const WidgetsAnswer = z.object({
  support_chat: z
    .object({ provider: z.literal('crisp'), website_id: z.string().min(1) })
    .nullable(),
  changelog: z.object({ provider: z.literal('headway'), account: z.string().min(1) }).nullable(),
});
export type WidgetsAnswer = z.infer<typeof WidgetsAnswer>;
export type VersionAnswer = z.infer<typeof VersionAnswer>;

/** `GET /seller/balance` (spec §7 sidebar balance): SMS credits and the balances. */
export const BalanceAnswer = z.object({
  user_info: z.object({
    sms_credit: z.number().nonnegative(),
    balance: z.number().default(0),
    /** The second seller balance, shown only above 0 (spec §2). */
    balance_2: z.number().default(0),
  }),
  balances: z.array(AccountBalance).default([]),
  /**
   * The main account's money from the ledger in minor units (issue 14): what can be paid out
   * now, what is still in its hold period, and what the operator holds.
   */
  available: z.number().int().default(0),
  pending: z.number().int().default(0),
  on_hold: z.number().int().default(0),
  /** The same three figures per account type (spec §3 account_balance, "Balance 2"). */
  accounts: z.array(AccountBalances).default([]),
});
export type BalanceAnswer = z.infer<typeof BalanceAnswer>;

/** `GET /seller/get-pb-token`: access to the personalisation design tool (spec §3, §7). */
export const PbTokenAnswer = z.object({
  access_token: z.object({ token: z.string().min(1) }),
  domain_api: z.string().min(1),
  domain_iframe: z.string().min(1),
});
export type PbTokenAnswer = z.infer<typeof PbTokenAnswer>;

/** A click or submit of a campaign, tracked once per campaign (spec §4 Tracking). */
export const UtmTrackBody = z.object({
  utm_campaign: z.string().trim().min(1).max(255),
  action: z.enum(['click', 'submit']).default('click'),
  campaign_id: z.number().int().positive().optional(),
});
export type UtmTrackBody = z.infer<typeof UtmTrackBody>;
/** The seller tracking answer; the dashboard reads `data.success`. */
export const UtmTrackAnswer = z.object({ success: z.boolean() });
export type UtmTrackAnswer = z.infer<typeof UtmTrackAnswer>;

/** Answer of mark_all_as_read and read-status: how many notifications changed. */
export const UpdatedCountAnswer = z.object({ updated: z.number().int().nonnegative() });
export type UpdatedCountAnswer = z.infer<typeof UpdatedCountAnswer>;
