import { z } from 'zod';
import { ID_TOO_LARGE_MESSAGE, MAX_ID } from '../api/catalogSchemas.js';
import { orderByParam } from '../campaign/orderBy.js';
import { checkTimeFilter, timeFilterFields } from '../campaign/timeFilter.js';
import { ShippingAddress } from '../checkout/address.js';
import {
  FulfillmentStatus,
  OrderItemStatus,
  OrderStatus,
  OrderType,
  PaymentStatus,
} from '../enums/orders.js';
import { PersonalizedValue } from '../personalized/buyer.js';
import {
  DEFAULT_ORDER_ORDER_BY,
  ORDER_ACTOR_KINDS,
  ORDER_BULK_ACTION_MAX_IDS,
  ORDER_BULK_ACTIONS,
  ORDER_LIST_PER_PAGE,
  ORDER_NOTE_MAX_LENGTH,
  ORDER_ORDER_FIELDS,
  REFUND_STATUSES,
} from './constants.js';
import { SELLER_ORDER_ACTIONS } from './orderMachine.js';

const id = z.number().int().positive().max(MAX_ID, ID_TOO_LARGE_MESSAGE);
const money = z.number().int();

/**
 * `GET /seller/orders` query (issue 13 contract): q matches an order number, the buyer's email,
 * name or a tracking number; `time` is a §3 preset in the user's utc_offset or 'custom'.
 */
export const OrderListQuery = z
  .object({
    q: z.string().trim().max(255).optional(),
    page: z.coerce.number().int().positive().default(1),
    per_page: z.coerce.number().int().positive().max(100).default(ORDER_LIST_PER_PAGE),
    status: OrderStatus.optional(),
    payment_status: PaymentStatus.optional(),
    fulfillment_status: FulfillmentStatus.optional(),
    type: OrderType.optional(),
    store_id: z.coerce.number().int().positive().max(MAX_ID, ID_TOO_LARGE_MESSAGE).optional(),
    ...timeFilterFields,
    order_by: orderByParam(ORDER_ORDER_FIELDS).default(DEFAULT_ORDER_ORDER_BY),
  })
  .superRefine(checkTimeFilter);
export type OrderListQuery = z.infer<typeof OrderListQuery>;
export type OrderListQueryInput = z.input<typeof OrderListQuery>;

/** The CSV export takes the list's filters; it is not paged. */
export const OrderExportQuery = OrderListQuery;

/** A row of the orders list. */
export const OrderSummary = z.object({
  id,
  order_number: z.string(),
  store_id: id.nullable(),
  store_name: z.string().nullable(),
  type: OrderType,
  status: OrderStatus,
  payment_status: PaymentStatus,
  fulfillment_status: FulfillmentStatus,
  email: z.string(),
  customer_name: z.string().nullable(),
  currency: z.string(),
  total: money,
  items_count: z.number().int().nonnegative(),
  tracking_numbers: z.array(z.string()),
  created_at: z.string(),
});
export type OrderSummary = z.infer<typeof OrderSummary>;

export const OrderPrintFile = z.object({ print_space: z.string(), file_url: z.string() });

export const OrderItemView = z.object({
  id,
  campaign_id: id.nullable(),
  product_id: id.nullable(),
  name: z.string(),
  color: z.string(),
  size: z.string(),
  quantity: z.number().int().positive(),
  price: money,
  base_cost: money,
  status: OrderItemStatus,
  mockup_url: z.string().nullable(),
  print_files: z.array(OrderPrintFile),
  /** The buyer's values of a personalised product, as bought (empty for other products). */
  personalization: z.array(PersonalizedValue).default([]),
  /** The combo set the item was sold in: items of one set share it (null: sold on its own). */
  bundle_id: z.string().nullable().optional(),
});
export type OrderItemView = z.infer<typeof OrderItemView>;

export const OrderActorKind = z.enum(ORDER_ACTOR_KINDS);
export type OrderActorKind = z.infer<typeof OrderActorKind>;

/** One line of the append-only timeline: what happened, who did it, when. */
export const OrderTimelineEntry = z.object({
  id,
  kind: z.string(),
  detail: z.record(z.string(), z.unknown()),
  actor: z.object({
    kind: OrderActorKind,
    id: id.nullable(),
    name: z.string().nullable(),
  }),
  created_at: z.string(),
});
export type OrderTimelineEntry = z.infer<typeof OrderTimelineEntry>;

export const OrderShipment = z.object({
  id,
  carrier: z.string(),
  tracking_number: z.string(),
  tracking_url: z.string().nullable(),
  item_ids: z.array(id),
  shipped_at: z.string(),
});
export type OrderShipment = z.infer<typeof OrderShipment>;

export const SellerOrderActionName = z.enum(SELLER_ORDER_ACTIONS);

export const RefundStatus = z.enum(REFUND_STATUSES);
export type RefundStatus = z.infer<typeof RefundStatus>;

/** The money of a refunded order going back to the buyer through the gateway that charged it. */
export const OrderRefundView = z.object({
  provider: z.string(),
  status: RefundStatus,
  amount: money,
  currency: z.string(),
  /** Attempts made at the provider so far. */
  attempts: z.number().int().min(0),
  /** The provider's message of the last failed attempt (the reason of a failed refund). */
  message: z.string().nullable(),
  updated_at: z.string(),
});
export type OrderRefundView = z.infer<typeof OrderRefundView>;

/** `GET /seller/orders/{id}`. */
export const OrderDetail = OrderSummary.extend({
  shipping_address: ShippingAddress,
  address_invalid: z.boolean(),
  address_editable: z.boolean(),
  subtotal: money,
  shipping: money,
  discount: money,
  tip: money,
  processing_fee: money,
  coupon_code: z.string().nullable(),
  payment_gateway: z.string().nullable(),
  paid_at: z.string().nullable(),
  items: z.array(OrderItemView),
  timeline: z.array(OrderTimelineEntry),
  shipments: z.array(OrderShipment),
  allowed_actions: z.array(SellerOrderActionName),
  /** The refund of a cancelled paid order; null when none was made through a gateway. */
  refund: OrderRefundView.nullable().optional(),
});
export type OrderDetail = z.infer<typeof OrderDetail>;

export const OrderStatusBody = z.object({ status: OrderStatus });
export type OrderStatusBody = z.infer<typeof OrderStatusBody>;

/** `PUT /seller/orders/{id}/address`: the checkout's address rules. */
export const OrderAddressBody = ShippingAddress;
export type OrderAddressBody = z.infer<typeof OrderAddressBody>;

export const OrderNoteBody = z.object({
  note: z.string().trim().min(1, 'Write a note').max(ORDER_NOTE_MAX_LENGTH),
});
export type OrderNoteBody = z.infer<typeof OrderNoteBody>;

export const OrderReprintBody = z.object({
  item_ids: z.array(id).min(1, 'Choose at least one item'),
});
export type OrderReprintBody = z.infer<typeof OrderReprintBody>;

export const OrderBulkActionName = z.enum(ORDER_BULK_ACTIONS);
export type OrderBulkActionName = z.infer<typeof OrderBulkActionName>;

export const OrderBulkActionBody = z.object({
  action: OrderBulkActionName,
  ids: z
    .array(id)
    .min(1, 'Choose at least one order')
    .max(ORDER_BULK_ACTION_MAX_IDS, `At most ${ORDER_BULK_ACTION_MAX_IDS} orders at once`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each order may be named once'),
});
export type OrderBulkActionBody = z.infer<typeof OrderBulkActionBody>;

/** The outcome for one order of a bulk action: its status after, or why it was left as it was. */
export const OrderActionResult = z.object({
  id,
  ok: z.boolean(),
  status: OrderStatus.optional(),
  message: z.string().optional(),
});
export type OrderActionResult = z.infer<typeof OrderActionResult>;
export const OrderBulkActionAnswer = z.object({ results: z.array(OrderActionResult) });
export type OrderBulkActionAnswer = z.infer<typeof OrderBulkActionAnswer>;

/** `POST /admin/orders/{id}/ship`: the lines shipped (all unshipped ones when absent). */
export const ShipOrderBody = z.object({
  items: z.array(id).min(1).optional(),
  carrier: z.string().trim().min(1, 'Name the carrier').max(60),
  tracking_number: z
    .string()
    .trim()
    .min(1, 'Enter the tracking number')
    .max(80)
    .regex(/^[A-Za-z0-9 -]+$/, 'A tracking number holds letters, digits, spaces and dashes'),
});
export type ShipOrderBody = z.infer<typeof ShipOrderBody>;

export const OrderNumberParams = z.object({ number: z.string().trim().min(1).max(40) });

/** What an operator needs to find and ship an order by its number. */
export const AdminOrderView = z.object({
  id,
  order_number: z.string(),
  seller_id: id,
  status: OrderStatus,
  fulfillment_status: FulfillmentStatus,
  items: z.array(
    z.object({ id, name: z.string(), quantity: z.number().int(), status: OrderItemStatus }),
  ),
});
export type AdminOrderView = z.infer<typeof AdminOrderView>;
