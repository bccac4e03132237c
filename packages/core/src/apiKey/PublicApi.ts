import { z } from 'zod';
import { paginated } from '../api/pagination.js';
import { ShippingAddress } from '../checkout/address.js';
import { CheckoutItem } from '../checkout/schemas.js';

/**
 * The public REST API v1 (`/api/v1`, on API keys): a versioned contract of its own, so the
 * dashboard's order views may change without breaking integrations. Money in minor units of
 * `currency`; times ISO UTC.
 */
export const PUBLIC_ORDER_ITEMS_MAX = 50;
export const EXTERNAL_ID_MAX_LENGTH = 100;

export const PublicOrderItem = z.object({
  id: z.number().int(),
  campaign_id: z.number().int().nullable(),
  product_id: z.number().int().nullable(),
  name: z.string(),
  color: z.string(),
  size: z.string(),
  quantity: z.number().int(),
  /** Sell price of one unit (fulfillment orders: the base cost). */
  price: z.number().int(),
  base_cost: z.number().int(),
  status: z.string(),
});
export type PublicOrderItem = z.infer<typeof PublicOrderItem>;

export const PublicOrder = z.object({
  id: z.number().int(),
  order_number: z.string(),
  external_id: z.string().nullable(),
  order_type: z.string(),
  status: z.string(),
  payment_status: z.string(),
  fulfillment_status: z.string(),
  store_id: z.number().int().nullable(),
  email: z.string(),
  customer_name: z.string().nullable(),
  shipping_address: ShippingAddress,
  currency: z.string(),
  subtotal: z.number().int(),
  shipping: z.number().int(),
  total: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  items: z.array(PublicOrderItem),
});
export type PublicOrder = z.infer<typeof PublicOrder>;

export const PublicOrderList = paginated(PublicOrder);
export type PublicOrderList = z.infer<typeof PublicOrderList>;

export const PublicOrderListQuery = z.object({
  page: z.coerce.number().int().positive().default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  status: z.string().trim().max(40).optional(),
  external_id: z.string().trim().max(EXTERNAL_ID_MAX_LENGTH).optional(),
});
export type PublicOrderListQuery = z.infer<typeof PublicOrderListQuery>;

/**
 * `POST /api/v1/orders`: a fulfillment order from another sales channel. Each line names a
 * product of one of the seller's campaigns with a colour and size it is made in. `external_id`
 * (the order's id in the other channel) makes the call idempotent: sending it again answers
 * the order made the first time.
 */
export const PublicOrderCreateBody = z.object({
  external_id: z
    .string()
    .trim()
    .min(1, 'Give the order id of your channel')
    .max(EXTERNAL_ID_MAX_LENGTH),
  email: z.email().max(254).optional(),
  store_id: z.number().int().positive().optional(),
  shipping_address: ShippingAddress,
  items: z.array(CheckoutItem).min(1).max(PUBLIC_ORDER_ITEMS_MAX),
});
export type PublicOrderCreateBody = z.infer<typeof PublicOrderCreateBody>;
