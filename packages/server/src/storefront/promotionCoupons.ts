import {
  COUPON_REFUSALS,
  type CouponRefusal,
  decideCoupon,
  type PromotionRules,
  promotionStatus,
} from '@printloom/core';
import type { Queryable } from '../db/Db.js';
import { httpError, unprocessable } from '../http/errors.js';
import {
  type PromotionRow,
  promotionScopeCampaignIds,
  promotionUsesBy,
  storePromotionByCode,
} from '../sql/promotions.js';
import type { CouponResolver } from './checkout.js';

const refuse = (reason: CouponRefusal, status = 422) => {
  const message = COUPON_REFUSALS[reason];
  return status === 422
    ? unprocessable(message, { coupon: [message] })
    : httpError(status, message, { coupon: [message] });
};

async function rulesOf(db: Queryable, row: PromotionRow): Promise<PromotionRules> {
  const limited = row.campaign_ids.length > 0 || row.collection_ids.length > 0;
  return {
    type: row.type,
    value: row.value,
    buy_quantity: row.buy_quantity,
    get_quantity: row.get_quantity,
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    usage_limit: row.usage_limit,
    per_buyer_limit: row.per_buyer_limit,
    min_subtotal: row.min_subtotal,
    scope: limited ? await promotionScopeCampaignIds(db, row.id) : null,
  };
}

/**
 * The checkout's coupon rules (core `decideCoupon`): a code of the store (or a seller-wide one),
 * within its dates, under its total and per-buyer uses (paid orders, cancelled ones aside),
 * reaching its minimum subtotal, on a cart holding products it covers. At payment the promotion
 * is locked and its uses counted again, so concurrent payments cannot pass its limits.
 */
export const promotionCouponResolver: CouponResolver = {
  async resolve(db, store, code, cart) {
    const row = await storePromotionByCode(db, store, code);
    if (!row) throw refuse('unknown');
    const decision = decideCoupon(await rulesOf(db, row), {
      now: new Date(),
      lines: cart.lines,
      used: row.used,
      usedByBuyer: await promotionUsesBy(db, row.id, cart.email),
    });
    if (!decision.ok) throw refuse(decision.reason);
    return { effect: decision.effect, promotionId: row.id };
  },

  async confirm(tx, checkout) {
    if (checkout.coupon_code === null) return;
    // Deleting a promotion clears the checkout's link to it: the seller withdrew it.
    if (checkout.promotion_id === null) throw refuse('unknown', 409);
    const row = await storePromotionByCode(
      tx,
      { id: checkout.store_id, seller_id: checkout.seller_id },
      checkout.coupon_code,
      true,
    );
    // Deleted or recoded since the checkout was priced: the seller withdrew it.
    if (!row || row.id !== checkout.promotion_id) throw refuse('unknown', 409);
    const status = promotionStatus(row, new Date(), row.used);
    if (status === 'ended') throw refuse('ended', 409);
    if (status === 'scheduled') throw refuse('notStarted', 409);
    if (status === 'used_up') throw refuse('usedUp', 409);
    if (
      row.per_buyer_limit !== null &&
      (await promotionUsesBy(tx, row.id, checkout.email)) >= row.per_buyer_limit
    ) {
      throw refuse('buyerUsedUp', 409);
    }
  },
};
