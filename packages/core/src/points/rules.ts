import { z } from 'zod';

/**
 * SEN points (issue 14): an append-only list of entries per seller, each with an idempotency key;
 * the balance is the sum of the entries and never goes below zero.
 *
 * Rules chosen here once:
 * - a sale books 1 point per item sold (the order's quantities added up);
 * - an item earns for the seller whose campaign it is: a line a store sold from another seller's
 *   campaign (cross-selling) books its points to that campaign's owner, as its sale does in the
 *   money ledger; the store's seller earns the commission, not the points;
 * - a daily check-in books 5 points, and every 7th consecutive day (7, 14, 21…) 5 more;
 * - the day of a check-in is the seller's local day (their `utc_offset` in hours), so a second
 *   check-in on the same local day books nothing (the key is `check_in:YYYY-MM-DD`).
 */
export const POINT_ENTRY_KINDS = ['sale', 'check_in', 'reward', 'admin'] as const;
export const PointEntryKind = z.enum(POINT_ENTRY_KINDS);
export type PointEntryKind = z.infer<typeof PointEntryKind>;

export const POINTS_PER_ITEM = 1;
export const POINTS_PER_CHECK_IN = 5;
export const STREAK_BONUS_EVERY = 7;
export const STREAK_BONUS_POINTS = 5;

export const POINT_MESSAGES = {
  notEnough: 'Not enough SEN points for this reward',
  checkedIn: 'Checked in',
  alreadyCheckedIn: 'You already checked in today',
  redeemed: 'Reward granted',
  noContest: 'No contest is running',
  contestCreated: 'Contest created',
  operatorsOnly: 'Only platform operators can create contests',
  badPeriod: 'The contest must end after it starts',
} as const;

/** Points a paid order books: 1 per item sold. */
export function salePoints(lines: readonly { quantity: number }[]): number {
  return (
    lines.reduce((sum, line) => sum + Math.max(0, Math.trunc(line.quantity)), 0) * POINTS_PER_ITEM
  );
}

/**
 * The points of a paid order per seller, ascending seller ids (the order their locks are taken
 * in): each line for its campaign's owner (`owner_id` on a cross-sold line), the rest for the
 * store's seller. Sellers that earn nothing are left out.
 */
export function salePointsBySeller(
  lines: readonly { quantity: number; owner_id?: number | undefined }[],
  storeSellerId: number,
): { sellerId: number; points: number }[] {
  const bySeller = new Map<number, { quantity: number }[]>();
  for (const line of lines) {
    const seller = line.owner_id ?? storeSellerId;
    bySeller.set(seller, [...(bySeller.get(seller) ?? []), line]);
  }
  return [...bySeller.entries()]
    .map(([sellerId, own]) => ({ sellerId, points: salePoints(own) }))
    .filter((entry) => entry.points > 0)
    .sort((a, b) => a.sellerId - b.sellerId);
}

/** Points of a check-in that is day `streak` (1-based) of a run of consecutive days. */
export function checkInPoints(streak: number): number {
  const bonus = streak > 0 && streak % STREAK_BONUS_EVERY === 0 ? STREAK_BONUS_POINTS : 0;
  return POINTS_PER_CHECK_IN + bonus;
}

/** The local calendar day (`YYYY-MM-DD`) of an instant for a seller `utcOffset` hours from UTC. */
export function localDay(at: Date, utcOffset: number): string {
  return new Date(at.getTime() + utcOffset * 3_600_000).toISOString().slice(0, 10);
}

/** The day before a `YYYY-MM-DD` day. */
export function previousDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** Idempotency key of the check-in of a local day. */
export const checkInKey = (day: string): string => `check_in:${day}`;

/**
 * The streak a check-in on `today` makes, given the days already checked (any order): the run of
 * consecutive days ending today, today included.
 */
export function streakOn(today: string, checkedDays: Iterable<string>): number {
  const days = new Set(checkedDays);
  days.add(today);
  let streak = 0;
  for (let day = today; days.has(day); day = previousDay(day)) streak += 1;
  return streak;
}

export interface PointEntryDraft {
  kind: PointEntryKind;
  points: number;
  key: string;
}

/**
 * The entries a ledger keeps from a sequence of attempted bookings: the first with a key wins,
 * later ones with the same key are dropped, and a debit that would take the balance below zero is
 * refused. The model the server's UNIQUE(seller_id, idempotency_key) and its balance check follow.
 */
export function applyEntries(drafts: readonly PointEntryDraft[]): {
  entries: PointEntryDraft[];
  balance: number;
} {
  const seen = new Set<string>();
  const entries: PointEntryDraft[] = [];
  let balance = 0;
  for (const draft of drafts) {
    if (seen.has(draft.key)) continue;
    if (balance + draft.points < 0) continue;
    seen.add(draft.key);
    entries.push(draft);
    balance += draft.points;
  }
  return { entries, balance };
}

/** Rewards a seller can take with points; each is something the product really grants. */
export const POINT_REWARDS = {
  sms_10: {
    label: '10 SMS credits',
    description: 'Adds 10 credits to your SMS balance',
    cost: 100,
    grant: { kind: 'sms_credit', amount: 10 },
  },
  sms_50: {
    label: '50 SMS credits',
    description: 'Adds 50 credits to your SMS balance',
    cost: 450,
    grant: { kind: 'sms_credit', amount: 50 },
  },
  cashback_5: {
    label: '$5 cashback',
    description: 'Adds $5.00 to your available balance',
    cost: 500,
    grant: { kind: 'cashback', amount: 500 },
  },
} as const satisfies Record<
  string,
  {
    label: string;
    description: string;
    cost: number;
    grant: { kind: 'sms_credit' | 'cashback'; amount: number };
  }
>;
export type PointRewardId = keyof typeof POINT_REWARDS;
export const POINT_REWARD_IDS = Object.keys(POINT_REWARDS) as [PointRewardId, ...PointRewardId[]];
