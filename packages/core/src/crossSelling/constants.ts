/**
 * Cross-selling (issue 14, `/referral-sales`): a campaign's owner offers it to other sellers'
 * stores for a commission; a store's seller who lists it earns that commission on each sale.
 * Decisions where the spec is silent (also in the core README):
 * - The commission is a whole percent of what the buyer paid for the campaign's lines (after the
 *   order's coupon discount, shared across the order's lines in proportion to their price),
 *   between CROSS_SELL_MIN_PERCENT and CROSS_SELL_MAX_PERCENT.
 * - Each cross-sold campaign of an order is booked as its own part: the owner's processing fee
 *   is charged on the part's revenue (with the fee's minimum), so the owner's books read as if
 *   the part were the owner's own sale.
 * - A store's seller only ever sells under the terms it accepted: changing the percent opens a
 *   new offer and takes the campaign out of the stores that accepted the old one until they add
 *   it again; opting out takes it out of every other store at once.
 */
export const CROSS_SELL_MIN_PERCENT = 1;
export const CROSS_SELL_MAX_PERCENT = 50;
export const CROSS_SELL_DEFAULT_PERCENT = 10;
export const CROSS_SELL_CAMPAIGNS_PER_PAGE = 24;
export const CROSS_SALES_PER_PAGE = 25;
export const CROSS_SALE_SIDES = ['store', 'owner'] as const;

export const CROSS_SELL_MESSAGES = {
  notOffered: 'This campaign is not open for cross-selling.',
  ownCampaign: 'This is your own campaign: list it from the store’s campaigns instead.',
  storeMissing: 'Store not found.',
  campaignMissing: 'Campaign not found.',
  notListed: 'This campaign is not cross-sold in this store.',
  inactive: 'Only a live campaign can be opened for cross-selling.',
} as const;
