import {
  CheckInAnswer,
  CheckInMonth,
  Contest,
  ContestAnswer,
  ContestBody,
  PointsAnswer,
  PointsListQuery,
  RedeemAnswer,
  RedeemBody,
} from '../../points/schemas.js';
import { ANY_MEMBER, route } from './RouteContract.js';

const tags = ['points'] as const;

/**
 * SEN points, daily check-in and the sales contest (issue 14; spec pages /sen-points, /check-in,
 * /contest). Any member of the account reads and checks in; spending points needs
 * update_payments; creating a contest is for platform
 * operators (403 for anyone else).
 */
export const points = {
  balance: route({
    method: 'GET',
    path: '/seller/points',
    summary: 'The SEN points balance, the rewards and the entries, newest first',
    tags,
    permission: ANY_MEMBER,
    query: PointsListQuery,
    response: PointsAnswer,
  }),
  redeem: route({
    method: 'POST',
    path: '/seller/points/redeem',
    summary: 'Spend points on a reward; the reward is granted at once',
    tags,
    // A reward adds SMS credits or cashback to the account's money: members need update_payments.
    permission: 'update_payments',
    body: RedeemBody,
    response: RedeemAnswer,
    errors: [400, 409],
  }),
  checkIn: route({
    method: 'POST',
    path: '/seller/check-in',
    summary: "Check in for today (the seller's local day); again on the same day books nothing",
    tags,
    permission: ANY_MEMBER,
    response: CheckInAnswer,
  }),
  checkInMonth: route({
    method: 'GET',
    path: '/seller/check-in',
    summary: 'The days of this month checked in, and the current streak',
    tags,
    permission: ANY_MEMBER,
    response: CheckInMonth,
  }),
  contest: route({
    method: 'GET',
    path: '/seller/contest',
    summary: "The running contest, its leaderboard of paid sales, and the caller's rank",
    tags,
    permission: ANY_MEMBER,
    response: ContestAnswer,
  }),
  createContest: route({
    method: 'POST',
    path: '/admin/contests',
    summary: 'Create a contest (platform operators)',
    tags,
    permission: ANY_MEMBER,
    body: ContestBody,
    response: Contest,
    errors: [400, 403, 422],
  }),
} as const;
