import {
  type CheckoutBody,
  type CheckoutLine,
  type CheckoutTotals,
  type CouponEffect,
  checkAddress,
  checkoutTotals,
  DEFAULT_SHIPPING_RATES,
  NoShippingError,
  type ShippingAddress,
  toMinor,
} from '@printloom/core';
import type { Queryable } from '../db/Db.js';
import { unprocessable } from '../http/errors.js';
import type { CheckoutLineRow } from '../sql/orders.js';
import {
  campaignProducts,
  type PublicStore,
  storeCouponByCode,
  storeListedCampaignIds,
  templateShippingRates,
} from '../sql/storefront.js';
import { sellableOptions } from './options.js';

/**
 * The coupon hook: which effect a code has in a store. The promotions of the money issue
 * replace `defaultCouponResolver` with their rules; today a code the store knows applies
 * without a discount of its own (the coupon table holds no amount yet) and an unknown code is
 * refused.
 */
export interface CouponResolver {
  resolve(
    db: Queryable,
    store: PublicStore,
    code: string,
    context: { subtotal: number; email: string },
  ): Promise<CouponEffect | null>;
}

export const defaultCouponResolver: CouponResolver = {
  async resolve(db, store, code) {
    const coupon = await storeCouponByCode(db, store, code);
    return coupon ? { kind: 'none' } : null;
  },
};

export interface PricedCheckout {
  lines: CheckoutLineRow[];
  totals: CheckoutTotals;
  address: ShippingAddress;
  problems: { field: 'state' | 'postcode'; message: string }[];
}

/**
 * Prices a cart in a store: every item must be a product of a campaign the store lists, in one
 * of its colours and sizes; prices come from the database, never from the buyer.
 */
export async function priceCheckout(
  db: Queryable,
  store: PublicStore,
  body: CheckoutBody,
  fees: { processingFee: number; processingFeeMin: number },
  coupons: CouponResolver,
): Promise<PricedCheckout> {
  const campaignIds = [...new Set(body.items.map((i) => i.campaign_id))];
  const listed = new Set(await storeListedCampaignIds(db, store, campaignIds));
  const products = await campaignProducts(db, store.seller_id, [...listed]);
  const lines: CheckoutLineRow[] = [];
  const errors: Record<string, string[]> = {};
  body.items.forEach((item, i) => {
    const product = products.find(
      (p) => p.id === item.product_id && p.campaign_id === item.campaign_id,
    );
    if (!product || !listed.has(item.campaign_id)) {
      errors[`items.${i}.product_id`] = ['This product is not sold in this store'];
      return;
    }
    const options = sellableOptions(product);
    const baseCost = options.baseCost(item.color, item.size);
    if (!options.colors.includes(item.color)) {
      errors[`items.${i}.color`] = ['Choose one of the colours'];
    } else if (baseCost === undefined) {
      errors[`items.${i}.size`] = ['Choose one of the sizes'];
    }
    lines.push({
      campaign_id: item.campaign_id,
      product_id: item.product_id,
      template_id: product.template_id,
      name: product.name,
      color: item.color,
      size: item.size,
      quantity: item.quantity,
      price: toMinor(product.price),
      base_cost: baseCost ?? toMinor(product.base_cost),
    });
  });
  const first = Object.values(errors)[0]?.[0];
  if (first) throw unprocessable(first, errors);
  const { address, problems } = checkAddress(body.shipping_address);
  const subtotal = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
  let coupon: CouponEffect = { kind: 'none' };
  if (body.coupon) {
    const found = await coupons.resolve(db, store, body.coupon, { subtotal, email: body.email });
    if (!found) {
      throw unprocessable('This coupon code is not valid', {
        coupon: ['This coupon code is not valid'],
      });
    }
    coupon = found;
  }
  const rates = await templateShippingRates(db, [...new Set(lines.map((l) => l.template_id))]);
  const priced: CheckoutLine[] = lines.map((l) => {
    const own = rates.filter((r) => r.template_id === l.template_id);
    return {
      key: String(l.template_id),
      unit_price: l.price,
      quantity: l.quantity,
      shipping: own.length > 0 ? own : DEFAULT_SHIPPING_RATES,
    };
  });
  try {
    const totals = checkoutTotals({
      lines: priced,
      country: address.country,
      tip: body.tip_percent ?? 'none',
      fees: {
        processing_fee: fees.processingFee,
        processing_fee_min: toMinor(fees.processingFeeMin),
      },
      coupon,
      currency: store.currency,
    });
    return { lines, totals, address, problems };
  } catch (error) {
    if (error instanceof NoShippingError) {
      throw unprocessable(error.message, { 'shipping_address.country': [error.message] });
    }
    throw error;
  }
}
