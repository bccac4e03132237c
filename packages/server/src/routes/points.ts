/**
 * SEN points, daily check-in and the sales contest (issue 14). Points are the seller account's
 * (any member sees them and checks in for the account; spending needs update_payments). The
 * contest is shared by every seller: the leaderboard shows sellers by first name only.
 */
import { randomUUID } from 'node:crypto';
import {
  API,
  type ContestRank,
  POINT_MESSAGES,
  POINT_REWARDS,
  type PointRewardId,
} from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import { forbidden, unprocessable } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import { checkIn, checkInMonth, redeemReward } from '../money/points.js';
import {
  type ContestRow,
  contestLeaderboard,
  contestStanding,
  insertContest,
  pointBalance,
  pointEntryPage,
  runningContest,
  sellerName,
} from '../sql/points.js';

/** How many sellers the leaderboard shows. */
const LEADERBOARD_SIZE = 20;

/** A seller as other sellers see them: the first word of their name. */
const shownName = (name: string) => name.trim().split(/\s+/)[0] || 'Seller';

const contestView = (row: ContestRow) => ({
  id: Number(row.id),
  name: row.name,
  starts_at: row.starts_at.toISOString(),
  ends_at: row.ends_at.toISOString(),
  prize: row.prize,
});

const rewards = (Object.keys(POINT_REWARDS) as PointRewardId[]).map((id) => ({
  id,
  label: POINT_REWARDS[id].label,
  description: POINT_REWARDS[id].description,
  cost: POINT_REWARDS[id].cost,
}));

export async function registerPointRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  registerGroup(app, API.points, {
    balance: async ({ auth, query }) => {
      const { rows, total } = await pointEntryPage(db, auth.sellerId, query.page, query.per_page);
      return {
        data: {
          balance: await pointBalance(db, auth.sellerId),
          rewards,
          entries: rows.map((r) => ({
            id: Number(r.id),
            kind: r.kind,
            points: Number(r.points),
            note: r.note,
            created_at: r.created_at.toISOString(),
          })),
          total,
          per_page: query.per_page,
          current_page: query.page,
          last_page: Math.max(1, Math.ceil(total / query.per_page)),
        },
      };
    },
    redeem: async ({ auth, body, request }) => {
      const header = request.headers['idempotency-key'];
      const key =
        typeof header === 'string' && header.length > 0 && header.length <= 100
          ? header
          : randomUUID();
      const data = await db.transaction((tx) =>
        redeemReward(tx, { sellerId: auth.sellerId, actorId: auth.actorId }, body.reward, key),
      );
      return { data, message: POINT_MESSAGES.redeemed };
    },
    checkIn: async ({ auth }) => {
      const data = await db.transaction((tx) =>
        checkIn(tx, { sellerId: auth.sellerId, actorId: auth.actorId }),
      );
      return {
        data,
        message: data.booked ? POINT_MESSAGES.checkedIn : POINT_MESSAGES.alreadyCheckedIn,
      };
    },
    checkInMonth: async ({ auth }) => ({ data: await checkInMonth(db, auth.sellerId) }),
    contest: async ({ auth }) => {
      const contest = await runningContest(db, new Date());
      if (!contest) return { data: { contest: null, leaderboard: [], me: null } };
      const rows = await contestLeaderboard(
        db,
        contest.starts_at,
        contest.ends_at,
        LEADERBOARD_SIZE,
      );
      const { mine, ranked } = await contestStanding(
        db,
        contest.starts_at,
        contest.ends_at,
        auth.sellerId,
      );
      const me: ContestRank = mine
        ? {
            rank: Number(mine.rank),
            seller: shownName(mine.name),
            sales: Number(mine.sales),
            is_me: true,
          }
        : {
            rank: ranked + 1,
            seller: shownName(await sellerName(db, auth.sellerId)),
            sales: 0,
            is_me: true,
          };
      return {
        data: {
          contest: contestView(contest),
          leaderboard: rows.map((r) => ({
            rank: Number(r.rank),
            seller: shownName(r.name),
            sales: Number(r.sales),
            is_me: Number(r.seller_id) === auth.sellerId,
          })),
          me,
        },
      };
    },
    createContest: async ({ auth, body }) => {
      if (!auth.isAdmin) throw forbidden(POINT_MESSAGES.operatorsOnly);
      const startsAt = new Date(body.starts_at);
      const endsAt = new Date(body.ends_at);
      if (endsAt <= startsAt) {
        throw unprocessable(POINT_MESSAGES.badPeriod, { ends_at: [POINT_MESSAGES.badPeriod] });
      }
      const row = await insertContest(db, {
        name: body.name,
        startsAt,
        endsAt,
        prize: body.prize,
        createdBy: auth.actorId,
      });
      return { data: contestView(row), message: POINT_MESSAGES.contestCreated };
    },
  });
}
