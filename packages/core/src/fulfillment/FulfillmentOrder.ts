import { z } from 'zod';
import { cappedPaginated } from '../api/pagination.js';
import { FULFILLMENT_SOURCES } from './planFulfillmentImport.js';

/** `POST /seller/fulfillment/orders/import` answer (issue 13 contract). */
export const FulfillmentImportAnswer = z.object({
  /** Orders created now. */
  created: z.number().int().nonnegative(),
  /** Orders of the file imported before (same marketplace and external id): left as they are. */
  skipped: z.number().int().nonnegative(),
  errors: z.array(z.object({ row: z.number().int().positive(), message: z.string() })),
});
export type FulfillmentImportAnswer = z.infer<typeof FulfillmentImportAnswer>;

/** Most fulfillment orders paid in one call. */
export const FULFILLMENT_PAY_MAX_ORDERS = 100;

/**
 * `POST /seller/fulfillment/orders/pay`: fulfillment orders paid from the seller's available
 * balance, each charged its base costs and shipping (its total) as a `fulfill` entry.
 */
export const FulfillmentPayBody = z.object({
  order_ids: z
    .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
    .min(1, 'Choose the orders to pay')
    .max(FULFILLMENT_PAY_MAX_ORDERS, `Pay at most ${FULFILLMENT_PAY_MAX_ORDERS} orders at once`),
});
export type FulfillmentPayBody = z.infer<typeof FulfillmentPayBody>;

export const FulfillmentPayAnswer = z.object({
  /** Orders paid by this call (an order paid before is not charged again). */
  paid: z.number().int().nonnegative(),
  /** What this call charged, in minor units. */
  charged: z.number().int().nonnegative(),
  /** The available balance after it, in minor units. */
  available: z.number().int(),
});
export type FulfillmentPayAnswer = z.infer<typeof FulfillmentPayAnswer>;

/** The multipart form's text fields: only the `file` part is read. */
export const FulfillmentImportForm = z.object({});

export const FulfillmentOrderRow = z.object({
  id: z.number().int(),
  order_number: z.string(),
  marketplace: z.string(),
  external_order_id: z.string(),
  email: z.string(),
  customer_name: z.string().nullable(),
  country: z.string().nullable(),
  status: z.string(),
  payment_status: z.string(),
  fulfillment_status: z.string(),
  address_invalid: z.boolean(),
  items_count: z.number().int(),
  total: z.number().int(),
  currency: z.string(),
  created_at: z.string(),
});
export type FulfillmentOrderRow = z.infer<typeof FulfillmentOrderRow>;

export const FulfillmentOrderList = cappedPaginated(FulfillmentOrderRow);

/** `GET /seller/fulfillment/orders`: `q` matches the order number, external id or email. */
export const FulfillmentOrderListQuery = z.object({
  q: z.string().trim().max(255).optional(),
  marketplace: z.enum(FULFILLMENT_SOURCES).optional(),
  page: z.coerce.number().int().positive().default(1),
  per_page: z.coerce.number().int().positive().max(100).default(20),
});
export type FulfillmentOrderListQuery = z.infer<typeof FulfillmentOrderListQuery>;
export type FulfillmentOrderListQueryInput = z.input<typeof FulfillmentOrderListQuery>;
