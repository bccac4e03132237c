import { z } from 'zod';
import { MAX_ID } from '../api/catalogSchemas.js';
import { Personalization } from '../personalized/buyer.js';
import { ShippingAddress } from './address.js';
import { TipPercent } from './totals.js';

const id = z.number().int().positive().max(MAX_ID);

/** Most units of one line and lines of one checkout: a shop's cart, not a wholesale order. */
export const CHECKOUT_MAX_QUANTITY = 99;
export const CHECKOUT_MAX_LINES = 50;

export const CheckoutItem = z.object({
  campaign_id: id,
  product_id: id,
  color: z.string().trim().min(1).max(60),
  size: z.string().trim().min(1).max(30),
  quantity: z.number().int().min(1).max(CHECKOUT_MAX_QUANTITY),
  /** The buyer's values of a personalised product (its artworks' fields); none otherwise. */
  personalization: Personalization.optional(),
  /**
   * The set this item belongs to, for products of a combo campaign: the items of one campaign
   * with the same number form one set (one of each product, same quantity) sold at the bundle
   * price. Products of other campaigns leave it out.
   */
  bundle: z.number().int().min(0).max(CHECKOUT_MAX_LINES).optional(),
});
export type CheckoutItem = z.infer<typeof CheckoutItem>;

/** `POST /public/stores/{slug}/checkouts` (issue 12 contract). */
export const CheckoutBody = z.object({
  items: z.array(CheckoutItem).min(1).max(CHECKOUT_MAX_LINES),
  email: z.email().max(254),
  shipping_address: ShippingAddress,
  coupon: z.string().trim().max(60).optional(),
  tip_percent: TipPercent.optional(),
  /** The buyer ticked "Email me news and offers" (unticked by default): on payment they become
   * a subscriber of the store. */
  marketing_opt_in: z.boolean().optional(),
});
export type CheckoutBody = z.infer<typeof CheckoutBody>;

/** Amounts in minor units of `currency` (cents for USD). */
export const CheckoutTotalsView = z.object({
  subtotal: z.number().int(),
  shipping: z.number().int(),
  discount: z.number().int(),
  tip: z.number().int(),
  processing_fee: z.number().int(),
  total: z.number().int(),
  currency: z.string(),
});

export const CheckoutCreated = z.object({
  checkout_id: z.string(),
  totals: CheckoutTotalsView,
  /** The address could not be validated; the order will carry the flag. */
  address_invalid: z.boolean(),
  address_problems: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type CheckoutCreated = z.infer<typeof CheckoutCreated>;

export const PAYMENT_GATEWAYS = ['test', 'stripe', 'paypal'] as const;
export const PaymentGatewayName = z.enum(PAYMENT_GATEWAYS);
export type PaymentGatewayName = z.infer<typeof PaymentGatewayName>;

/** `POST /public/checkouts/{id}/pay`. */
export const PayBody = z.object({
  gateway: PaymentGatewayName,
  card_number: z
    .string()
    .trim()
    .max(30)
    .overwrite((value) => value.replace(/[\s-]/g, ''))
    .optional(),
  /** The gateway's reference of a payment that needed a second step and was completed. */
  payment_reference: z.string().max(200).optional(),
});
export type PayBody = z.infer<typeof PayBody>;

export const PaidAnswer = z.object({
  order_id: id,
  order_number: z.string(),
});
export type PaidAnswer = z.infer<typeof PaidAnswer>;

export const CheckoutIdParams = z.object({ id: z.uuid() });
export const StoreSlugParams = z.object({ slug: z.string().min(1).max(60) });

/** `GET /public/orders/lookup`: the order status a buyer sees with its number and email. */
export const OrderLookupQuery = z.object({
  number: z.string().trim().min(1).max(40),
  email: z.email().max(254),
});
export const OrderStatusView = z.object({
  order_number: z.string(),
  status: z.string(),
  payment_status: z.string(),
  fulfillment_status: z.string(),
  created_at: z.string(),
  total: z.number().int(),
  currency: z.string(),
  items: z.array(
    z.object({
      name: z.string(),
      color: z.string(),
      size: z.string(),
      quantity: z.number().int(),
      price: z.number().int(),
    }),
  ),
  events: z.array(z.object({ kind: z.string(), at: z.string() })),
  /** Parcels on their way, with the carrier's tracking number (issue 13). */
  shipments: z
    .array(
      z.object({
        carrier: z.string(),
        tracking_number: z.string(),
        tracking_url: z.string().nullable(),
        shipped_at: z.string(),
      }),
    )
    .default([]),
});
export type OrderStatusView = z.infer<typeof OrderStatusView>;
