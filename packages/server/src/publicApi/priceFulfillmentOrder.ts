import {
  checkAddress,
  checkoutTotals,
  DEFAULT_SHIPPING_RATES,
  NoShippingError,
  type PublicOrderCreateBody,
  type ShippingAddress,
} from '@printloom/core';
import type { Queryable } from '../db/Db.js';
import { unprocessable } from '../http/errors.js';
import type { CheckoutLineRow } from '../sql/orders.js';
import { campaignProducts, templateShippingRates } from '../sql/storefront.js';
import { sellableOptions } from '../storefront/options.js';

export interface PricedFulfillmentOrder {
  lines: CheckoutLineRow[];
  address: ShippingAddress;
  addressInvalid: boolean;
  subtotal: number;
  shipping: number;
  total: number;
}

/**
 * Prices a fulfillment order: every line a product of one of the seller's campaigns in a
 * colour and size its template makes, at that variant's base cost (what the seller pays the
 * platform), and shipping by the templates' rates for the address, as a checkout prices it.
 */
export async function priceFulfillmentOrder(
  db: Queryable,
  sellerId: number,
  body: PublicOrderCreateBody,
  currency: string,
): Promise<PricedFulfillmentOrder> {
  const campaignIds = [...new Set(body.items.map((i) => i.campaign_id))];
  const products = await campaignProducts(db, sellerId, campaignIds);
  const errors: Record<string, string[]> = {};
  const lines: CheckoutLineRow[] = [];
  body.items.forEach((item, i) => {
    const product = products.find(
      (p) => p.id === item.product_id && p.campaign_id === item.campaign_id,
    );
    if (!product) {
      errors[`items.${i}.product_id`] = ['No such product in this campaign'];
      return;
    }
    const options = sellableOptions(product);
    const baseCost = options.baseCost(item.color, item.size);
    if (!options.colors.includes(item.color)) {
      errors[`items.${i}.color`] = [`Colour must be one of: ${options.colors.join(', ')}`];
      return;
    }
    if (baseCost === undefined) {
      errors[`items.${i}.size`] = [`Size must be one of: ${options.sizes.join(', ')}`];
      return;
    }
    lines.push({
      campaign_id: item.campaign_id,
      product_id: item.product_id,
      template_id: product.template_id,
      name: product.name,
      color: item.color,
      size: item.size,
      quantity: item.quantity,
      price: baseCost,
      base_cost: baseCost,
    });
  });
  const first = Object.values(errors)[0]?.[0];
  if (first) throw unprocessable(first, errors);
  const { address, problems } = checkAddress(body.shipping_address);
  const rates = await templateShippingRates(db, [...new Set(lines.map((l) => l.template_id))]);
  try {
    const totals = checkoutTotals({
      lines: lines.map((l) => {
        const own = rates.filter((r) => r.template_id === l.template_id);
        return {
          key: String(l.template_id),
          unit_price: l.base_cost,
          quantity: l.quantity,
          shipping: own.length > 0 ? own : DEFAULT_SHIPPING_RATES,
        };
      }),
      country: address.country,
      tip: 'none',
      fees: { processing_fee: 0, processing_fee_min: 0 },
      coupon: { kind: 'none' },
      currency,
    });
    return {
      lines,
      address,
      addressInvalid: problems.length > 0,
      subtotal: totals.subtotal,
      shipping: totals.shipping,
      total: totals.total,
    };
  } catch (error) {
    if (error instanceof NoShippingError) {
      throw unprocessable(error.message, { 'shipping_address.country': [error.message] });
    }
    throw error;
  }
}
