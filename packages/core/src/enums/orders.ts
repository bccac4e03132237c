import { z } from 'zod';

/** Order status (spec §3 Enumerations); allowed transitions are not specified. */
export const ORDER_STATUSES = [
  'archived',
  'cancelled',
  'completed',
  'deleted',
  'draft',
  'on_hold',
  'pending',
  'pending_payment',
  'processing',
  'refunded',
  'reviewing',
  'designing',
] as const;
export const OrderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatus>;

export const PAYMENT_STATUSES = [
  'unpaid',
  'paid',
  'partially_paid',
  'refunded',
  'partially_refunded',
  'authorized',
  'pending',
  'failed',
  'canceled',
] as const;
export const PaymentStatus = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

export const FULFILLMENT_STATUSES = [
  'unfulfilled',
  'fulfilled',
  'partial_fulfilled',
  'cancelled',
  'on_hold',
  'processing',
  'invalid',
  'rejected',
  'reviewing',
  'designing',
  'on_delivery',
] as const;
export const FulfillmentStatus = z.enum(FULFILLMENT_STATUSES);
export type FulfillmentStatus = z.infer<typeof FulfillmentStatus>;

/** Status of an order item and of a fulfillment line. */
export const ORDER_ITEM_STATUSES = [
  'pending',
  'fulfilled',
  'unfulfilled',
  'cancelled',
  'processing',
  'on_hold',
  'rejected',
  'invalid',
  'reviewing',
  'exception',
  'designing',
  'on_delivery',
  'no_ship',
] as const;
export const OrderItemStatus = z.enum(ORDER_ITEM_STATUSES);
export type OrderItemStatus = z.infer<typeof OrderItemStatus>;

export const ORDER_TYPES = ['regular', 'fulfillment', 'custom', 'fba'] as const;
export const OrderType = z.enum(ORDER_TYPES);
export type OrderType = z.infer<typeof OrderType>;
