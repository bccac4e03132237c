import type { ReferredSellerListQuery } from '@printloom/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

/** The seller's referral code, link, rate and totals. */
export function useReferralProgram() {
  return useQuery({
    queryKey: queryKeys.referral.program(),
    queryFn: () => api.referral.program(),
  });
}

/** The sellers who joined through the link, with their figures for the period. */
export function useReferredSellers(query: ReferredSellerListQuery, enabled = true) {
  return useQuery({
    queryKey: queryKeys.referral.sellers(query),
    queryFn: () => api.referral.sellers({ query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
