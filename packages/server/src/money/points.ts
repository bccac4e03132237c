/**
 * SEN points bookings (issue 14; rules in core `points/`). Each takes the caller's transaction
 * and the seller's lock, so an entry is written together with what it pays for (the paid order,
 * the granted reward) and two bookings never decide on the same balance.
 *
 * - `bookSalePoints`: 1 point per item of a paid storefront order (key `sale:<order id>`), to
 *   the seller whose campaign each line is: a cross-sold line's points go to its campaign's
 *   owner (key `sale:<order id>` in the owner's points), the other lines' to the store's seller.
 * - `reverseSalePoints`: a refunded order takes its sale points back from every seller that
 *   earned them, each at most down to zero (points already spent on a reward stay spent).
 * - `checkIn`: 5 points for the seller's local day, +5 on every 7th consecutive day; a second
 *   check-in on the same local day books nothing (key `check_in:<day>`).
 * - `redeemReward`: spends points (409 when the balance is short) and grants the reward: SMS
 *   credits on `users.sms_credit`, or a completed `cashback` entry of the money ledger.
 */
import {
  checkInKey,
  checkInPoints,
  LEDGER_CURRENCY,
  localDay,
  POINT_MESSAGES,
  POINT_REWARDS,
  type PointRewardId,
  previousDay,
  salePointsBySeller,
  streakOn,
} from '@printloom/core';
import type { Queryable } from '../db/Db.js';
import { conflict } from '../http/errors.js';
import { crossSaleOwners } from '../sql/crossSelling.js';
import { addSmsCredit, insertLedgerEntry, lockSellerLedger } from '../sql/ledger.js';
import {
  checkInDays,
  insertPointEntry,
  lockSellerPoints,
  pointBalance,
  pointEntryPoints,
  sellerUtcOffset,
} from '../sql/points.js';

/**
 * Books the points of a paid order, per seller of its lines (locks taken in seller id order);
 * booking the same order again books nothing. Answers the entries written.
 */
export async function bookSalePoints(
  tx: Queryable,
  order: {
    id: number;
    sellerId: number;
    orderNumber: string;
    items: readonly { quantity: number; owner_id?: number | undefined }[];
  },
  now: Date = new Date(),
): Promise<number[]> {
  const booked: number[] = [];
  for (const { sellerId, points } of salePointsBySeller(order.items, order.sellerId)) {
    await lockSellerPoints(tx, sellerId);
    const id = await insertPointEntry(tx, {
      sellerId,
      kind: 'sale',
      points,
      note:
        sellerId === order.sellerId
          ? `Order ${order.orderNumber}`
          : `Order ${order.orderNumber}, your campaign sold in another store`,
      idempotencyKey: `sale:${order.id}`,
      orderId: order.id,
      createdAt: now,
    });
    if (id !== null) booked.push(id);
  }
  return booked;
}

/**
 * Takes back the points of a refunded order, once, from the store's seller and from every owner
 * of a campaign it cross-sold; never below a seller's zero balance.
 */
export async function reverseSalePoints(
  tx: Queryable,
  order: { id: number; sellerId: number; orderNumber: string | null },
  now: Date = new Date(),
): Promise<void> {
  const owners = await crossSaleOwners(tx, order.sellerId, order.id);
  const sellers = [...new Set([order.sellerId, ...owners])].sort((a, b) => a - b);
  for (const sellerId of sellers) {
    await lockSellerPoints(tx, sellerId);
    const booked = await pointEntryPoints(tx, sellerId, `sale:${order.id}`);
    if (booked === null || booked <= 0) continue;
    const back = Math.min(booked, await pointBalance(tx, sellerId));
    await insertPointEntry(tx, {
      sellerId,
      kind: 'sale',
      points: -back,
      note: `Order ${order.orderNumber ?? order.id} refunded`,
      idempotencyKey: `sale_reversal:${order.id}`,
      orderId: order.id,
      createdAt: now,
    });
  }
}

/** How far back the streak is read: a streak longer than this shows as this long. */
const STREAK_LOOKBACK_DAYS = 366;

function daysBefore(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
}

/** The streak that ends on `day` (0 when `day` is not checked and neither is the day before). */
export function currentStreak(today: string, days: readonly string[]): number {
  const set = new Set(days);
  if (set.has(today)) return streakOn(today, set);
  const yesterday = previousDay(today);
  return set.has(yesterday) ? streakOn(yesterday, set) : 0;
}

export interface CheckInOutcome {
  day: string;
  checked_in: boolean;
  booked: boolean;
  points: number;
  streak: number;
  balance: number;
}

export async function checkIn(
  tx: Queryable,
  who: { sellerId: number; actorId: number },
  now: Date = new Date(),
): Promise<CheckInOutcome> {
  await lockSellerPoints(tx, who.sellerId);
  const today = localDay(now, await sellerUtcOffset(tx, who.sellerId));
  const days = await checkInDays(tx, who.sellerId, daysBefore(today, STREAK_LOOKBACK_DAYS));
  const streak = streakOn(today, days);
  const already = days.includes(today);
  const points = already ? 0 : checkInPoints(streak);
  const id = already
    ? null
    : await insertPointEntry(tx, {
        sellerId: who.sellerId,
        kind: 'check_in',
        points,
        note: streak > 1 ? `Check-in, day ${streak} in a row` : 'Check-in',
        idempotencyKey: checkInKey(today),
        checkInDay: today,
        actorId: who.actorId,
        createdAt: now,
      });
  return {
    day: today,
    checked_in: true,
    booked: id !== null,
    points: id !== null ? points : 0,
    streak,
    balance: await pointBalance(tx, who.sellerId),
  };
}

export async function checkInMonth(
  q: Queryable,
  sellerId: number,
  now: Date = new Date(),
): Promise<{
  today: string;
  month: string;
  days: string[];
  checked_today: boolean;
  streak: number;
}> {
  const today = localDay(now, await sellerUtcOffset(q, sellerId));
  const month = today.slice(0, 7);
  const days = await checkInDays(q, sellerId, daysBefore(today, STREAK_LOOKBACK_DAYS));
  return {
    today,
    month,
    days: days.filter((d) => d.startsWith(month) && d <= today),
    checked_today: days.includes(today),
    streak: currentStreak(today, days),
  };
}

export async function redeemReward(
  tx: Queryable,
  who: { sellerId: number; actorId: number },
  rewardId: PointRewardId,
  key: string,
  now: Date = new Date(),
): Promise<{ balance: number; reward: PointRewardId; sms_credit: number | null }> {
  const reward = POINT_REWARDS[rewardId];
  await lockSellerLedger(tx, who.sellerId);
  await lockSellerPoints(tx, who.sellerId);
  const balance = await pointBalance(tx, who.sellerId);
  if (balance < reward.cost) {
    throw conflict(`${POINT_MESSAGES.notEnough}: it costs ${reward.cost}, you have ${balance}`);
  }
  const id = await insertPointEntry(tx, {
    sellerId: who.sellerId,
    kind: 'reward',
    points: -reward.cost,
    note: reward.label,
    idempotencyKey: `reward:${key}`,
    actorId: who.actorId,
    createdAt: now,
  });
  let smsCredit: number | null = null;
  if (reward.grant.kind === 'sms_credit') {
    smsCredit = await addSmsCredit(tx, who.sellerId, id === null ? 0 : reward.grant.amount);
  } else if (id !== null) {
    await insertLedgerEntry(tx, {
      sellerId: who.sellerId,
      account: 'default',
      type: 'cashback',
      status: 'completed',
      amount: reward.grant.amount,
      currency: LEDGER_CURRENCY,
      description: `SEN points reward: ${reward.label}`,
      idempotencyKey: `points_reward:${id}`,
      actorId: who.actorId,
      availableAt: now,
      createdAt: now,
    });
  }
  return { balance: await pointBalance(tx, who.sellerId), reward: rewardId, sms_credit: smsCredit };
}
