import type { PointRewardId } from '@printloom/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

/** SEN points: the balance, the rewards and a page of entries. */
export function usePoints(page = 1) {
  return useQuery({
    queryKey: queryKeys.points.balance(page),
    queryFn: () => api.points.balance({ query: { page, per_page: 20 } }),
  });
}

/** Spending points grants the reward: SMS credits or cashback change the balance too. */
export function useRedeemReward() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reward: PointRewardId) => api.points.redeem({ body: { reward } }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.points.all }),
        client.invalidateQueries({ queryKey: queryKeys.balance.all }),
        client.invalidateQueries({ queryKey: queryKeys.transactions.all }),
      ]),
  });
}

/** This month's check-in days and the current streak. */
export function useCheckInMonth() {
  return useQuery({
    queryKey: queryKeys.points.checkIn(),
    queryFn: () => api.points.checkInMonth(),
  });
}

export function useCheckIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.points.checkIn(),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.points.all }),
  });
}

/** The running contest with its leaderboard. */
export function useContest() {
  return useQuery({ queryKey: queryKeys.points.contest(), queryFn: () => api.points.contest() });
}
