import { type CheckoutLine, type CouponEffect, eligibleLines } from '../checkout/totals.js';
import type { CouponRefusal, PromotionStatus, PromotionType } from './promotions.js';

/** The rules of one promotion, as the checkout reads them. */
export interface PromotionRules {
  type: PromotionType;
  value: number;
  buy_quantity: number | null;
  get_quantity: number | null;
  starts_at: Date | null;
  ends_at: Date | null;
  usage_limit: number | null;
  per_buyer_limit: number | null;
  min_subtotal: number | null;
  /** The campaigns it covers (its own and those of its collections); null: every campaign. */
  scope: readonly number[] | null;
}

/**
 * Where a promotion stands at `now` with `used` paid orders: `scheduled` before its start,
 * `ended` from its end on, `used_up` once the total limit is reached, else `running`. The end
 * is exclusive, the start inclusive.
 */
export function promotionStatus(
  rules: Pick<PromotionRules, 'starts_at' | 'ends_at' | 'usage_limit'>,
  now: Date,
  used: number,
): PromotionStatus {
  if (rules.ends_at && now.getTime() >= rules.ends_at.getTime()) return 'ended';
  if (rules.starts_at && now.getTime() < rules.starts_at.getTime()) return 'scheduled';
  if (rules.usage_limit !== null && used >= rules.usage_limit) return 'used_up';
  return 'running';
}

/** The totals' effect of a promotion, limited to its campaigns when it has a scope. */
export function couponEffectOf(rules: PromotionRules): CouponEffect {
  const scope = rules.scope === null ? {} : { campaign_ids: rules.scope };
  switch (rules.type) {
    case 'percent':
      return { kind: 'percent', percent: rules.value, ...scope };
    case 'fixed':
      return { kind: 'amount', amount: rules.value, ...scope };
    case 'free_shipping':
      return { kind: 'free_shipping' };
    case 'bogo':
      return {
        kind: 'bogo',
        buy: rules.buy_quantity ?? 1,
        get: rules.get_quantity ?? 1,
        percent: rules.value,
        ...scope,
      };
  }
}

export type CouponDecision =
  | { ok: true; effect: CouponEffect }
  | { ok: false; reason: CouponRefusal };

/**
 * Whether a promotion applies to a cart, checked in this order: its dates, the total uses, the
 * buyer's uses (paid orders of the same email), the minimum subtotal (of the whole cart, before
 * any discount), that the cart holds products it covers, and for buy X get Y enough of them.
 */
export function decideCoupon(
  rules: PromotionRules,
  cart: { now: Date; lines: readonly CheckoutLine[]; used: number; usedByBuyer: number },
): CouponDecision {
  const status = promotionStatus(rules, cart.now, cart.used);
  if (status === 'ended') return { ok: false, reason: 'ended' };
  if (status === 'scheduled') return { ok: false, reason: 'notStarted' };
  if (status === 'used_up') return { ok: false, reason: 'usedUp' };
  if (rules.per_buyer_limit !== null && cart.usedByBuyer >= rules.per_buyer_limit) {
    return { ok: false, reason: 'buyerUsedUp' };
  }
  const subtotal = cart.lines.reduce((sum, line) => sum + line.unit_price * line.quantity, 0);
  if (rules.min_subtotal !== null && subtotal < rules.min_subtotal) {
    return { ok: false, reason: 'minSubtotal' };
  }
  const eligible = eligibleLines(cart.lines, rules.scope ?? undefined);
  if (rules.scope !== null && eligible.length === 0) return { ok: false, reason: 'notEligible' };
  if (rules.type === 'bogo') {
    const units = eligible.reduce((sum, line) => sum + line.quantity, 0);
    if (units < (rules.buy_quantity ?? 1) + (rules.get_quantity ?? 1)) {
      return { ok: false, reason: 'bogoQuantity' };
    }
  }
  return { ok: true, effect: couponEffectOf(rules) };
}
