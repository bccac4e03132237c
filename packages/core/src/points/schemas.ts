import { z } from 'zod';
import { POINT_REWARD_IDS, PointEntryKind } from './rules.js';

export const PointEntry = z.object({
  id: z.number().int(),
  kind: PointEntryKind,
  points: z.number().int(),
  note: z.string(),
  created_at: z.string(),
});
export type PointEntry = z.infer<typeof PointEntry>;

export const PointReward = z.object({
  id: z.enum(POINT_REWARD_IDS),
  label: z.string(),
  description: z.string(),
  cost: z.number().int().positive(),
});
export type PointReward = z.infer<typeof PointReward>;

export const PointsListQuery = z.object({
  page: z.coerce.number().int().positive().default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

export const PointsAnswer = z.object({
  balance: z.number().int(),
  rewards: z.array(PointReward),
  entries: z.array(PointEntry),
  total: z.number().int().nonnegative(),
  per_page: z.number().int().positive(),
  current_page: z.number().int().positive(),
  last_page: z.number().int().positive(),
});
export type PointsAnswer = z.infer<typeof PointsAnswer>;

export const RedeemBody = z.object({ reward: z.enum(POINT_REWARD_IDS) });
export const RedeemAnswer = z.object({
  balance: z.number().int(),
  reward: z.enum(POINT_REWARD_IDS),
  sms_credit: z.number().nullable(),
});

export const CheckInAnswer = z.object({
  day: z.string(),
  checked_in: z.boolean(),
  booked: z.boolean(),
  points: z.number().int(),
  streak: z.number().int().nonnegative(),
  balance: z.number().int(),
});
export type CheckInAnswer = z.infer<typeof CheckInAnswer>;

export const CheckInMonth = z.object({
  today: z.string(),
  month: z.string(),
  days: z.array(z.string()),
  checked_today: z.boolean(),
  streak: z.number().int().nonnegative(),
});
export type CheckInMonth = z.infer<typeof CheckInMonth>;

export const ContestBody = z.object({
  name: z.string().trim().min(1).max(120),
  starts_at: z.iso.datetime({ offset: true }),
  ends_at: z.iso.datetime({ offset: true }),
  prize: z.string().trim().min(1).max(1000),
});
export type ContestBody = z.infer<typeof ContestBody>;

export const Contest = z.object({
  id: z.number().int(),
  name: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  prize: z.string(),
});
export type Contest = z.infer<typeof Contest>;

export const ContestRank = z.object({
  rank: z.number().int().positive(),
  seller: z.string(),
  sales: z.number().int().nonnegative(),
  is_me: z.boolean(),
});
export type ContestRank = z.infer<typeof ContestRank>;

export const ContestAnswer = z.object({
  contest: Contest.nullable(),
  leaderboard: z.array(ContestRank),
  me: ContestRank.nullable(),
});
export type ContestAnswer = z.infer<typeof ContestAnswer>;
