import {
  ReferralProgram,
  ReferredSeller,
  ReferredSellerListQuery,
} from '../../referral/referral.js';
import { paginated } from '../pagination.js';
import { ANY_MEMBER, route } from './RouteContract.js';

const tags = ['referral'] as const;

/**
 * Referral program (issue 14; spec §2 /referral, menu `sort_by=sold_items`): the seller's
 * referral link and the sellers who signed up through it, with their sales and the commission
 * booked in the ledger. Any member may read it, as the page (`ANY_MEMBER`); an account that was
 * referred itself has no program (403, spec: hidden for `is_ref`).
 */
export const referral = {
  program: route({
    method: 'GET',
    path: '/seller/referral',
    summary: 'The referral code and link, the commission rate and the totals so far',
    tags,
    permission: ANY_MEMBER,
    response: ReferralProgram,
    errors: [403],
  }),
  sellers: route({
    method: 'GET',
    path: '/seller/referral/sellers',
    summary: 'Sellers who signed up through the link, with sold items and commission in a period',
    description:
      'The period is whole days in the seller’s utc_offset; orders count on the day they were paid.',
    tags,
    permission: ANY_MEMBER,
    query: ReferredSellerListQuery,
    response: paginated(ReferredSeller),
    errors: [403],
  }),
} as const;
