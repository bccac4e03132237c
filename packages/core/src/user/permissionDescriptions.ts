import type { KnownPermission } from './User.js';

/**
 * What each known permission lets a team member (or an API key) do, in the seller's words: the
 * team page's permission editor and the API key form show these next to each name.
 */
export const PERMISSION_DESCRIPTIONS: Readonly<Record<KnownPermission, string>> = {
  get_payments: 'See the balance, payouts and billing history.',
  update_payments: 'Change payout and payment account settings.',
  get_orders: 'See orders, abandoned checkouts and customers.',
  get_campaigns: 'See campaigns, collections and their sales.',
  update_campaign:
    'Create and edit campaigns, collections, pricing and email marketing; upload files; run bulk jobs.',
  get_reports: 'See the overview dashboard and sales reports.',
  get_users: 'See the team members of the account and their pending invitations.',
  update_social_feed: 'Update the social (product) feeds of the stores.',
};
