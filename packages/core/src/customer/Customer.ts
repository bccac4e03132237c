import { z } from 'zod';
import { cappedPaginated } from '../api/pagination.js';
import { orderByParam } from '../campaign/orderBy.js';

/** Buyers per page of `GET /seller/customers` unless asked otherwise. */
export const CUSTOMER_LIST_PER_PAGE = 20;
/** Columns the customer list sorts by (`order_by=field:asc|desc`). */
export const CUSTOMER_ORDER_FIELDS = [
  'last_order_at',
  'orders_count',
  'total_spent',
  'email',
] as const;
export const DEFAULT_CUSTOMER_ORDER_BY = 'last_order_at:desc';
/**
 * Payment statuses whose order total counts as money spent: paid in full or in part, less any
 * part refunded later is not tracked per order, so a partly refunded order still counts whole.
 */
export const SPENT_PAYMENT_STATUSES = ['paid', 'partially_paid', 'partially_refunded'] as const;

/**
 * A buyer of the seller (issue 13 Customers): derived from the seller's orders, one per email
 * (any case) and currency. `total_spent` is in minor units of `currency`.
 */
export const Customer = z.object({
  email: z.string(),
  name: z.string().nullable(),
  country: z.string().nullable(),
  orders_count: z.number().int().nonnegative(),
  total_spent: z.number().int(),
  currency: z.string(),
  first_order_at: z.string(),
  last_order_at: z.string(),
});
export type Customer = z.infer<typeof Customer>;

export const CustomerList = cappedPaginated(Customer);
export type CustomerList = z.infer<typeof CustomerList>;

/** `GET /seller/customers`: `q` matches email or name; `store_id` keeps one store's buyers. */
export const CustomerListQuery = z.object({
  q: z.string().trim().max(255).optional(),
  page: z.coerce.number().int().positive().default(1),
  per_page: z.coerce.number().int().positive().max(100).default(CUSTOMER_LIST_PER_PAGE),
  store_id: z.coerce.number().int().positive().optional(),
  order_by: orderByParam(CUSTOMER_ORDER_FIELDS).default(DEFAULT_CUSTOMER_ORDER_BY),
});
export type CustomerListQuery = z.infer<typeof CustomerListQuery>;
export type CustomerListQueryInput = z.input<typeof CustomerListQuery>;

/** `GET /seller/customers/export.csv`: the same filters, every matching buyer. */
export const CustomerExportQuery = CustomerListQuery.omit({ page: true, per_page: true });

export const CustomerEmailParams = z.object({ email: z.email().max(254) });

/** One order in a customer's history. */
export const CustomerOrder = z.object({
  id: z.number().int(),
  order_number: z.string(),
  order_type: z.string(),
  status: z.string(),
  payment_status: z.string(),
  fulfillment_status: z.string(),
  total: z.number().int(),
  currency: z.string(),
  store_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type CustomerOrder = z.infer<typeof CustomerOrder>;

/**
 * A buyer with every order of theirs the session may see, newest first, and what they spent per
 * currency. `shipping_address` is the one of their latest order.
 */
export const CustomerDetail = z.object({
  email: z.string(),
  name: z.string().nullable(),
  country: z.string().nullable(),
  shipping_address: z.record(z.string(), z.unknown()).nullable(),
  orders_count: z.number().int().nonnegative(),
  spent: z.array(z.object({ currency: z.string(), total: z.number().int() })),
  first_order_at: z.string(),
  last_order_at: z.string(),
  orders: z.array(CustomerOrder),
});
export type CustomerDetail = z.infer<typeof CustomerDetail>;

/** Columns of the customer CSV export, in order. */
export const CUSTOMER_CSV_COLUMNS = [
  'email',
  'name',
  'country',
  'orders_count',
  'total_spent',
  'currency',
  'first_order_at',
  'last_order_at',
] as const;

/** One customer as a CSV row: money in major units with the currency's decimals. */
export function customerCsvRow(customer: Customer, decimals = 2): (string | number | null)[] {
  return [
    customer.email,
    customer.name,
    customer.country,
    customer.orders_count,
    minorToDecimal(customer.total_spent, decimals),
    customer.currency,
    customer.first_order_at,
    customer.last_order_at,
  ];
}

/** `1999` minor units → `"19.99"`, exactly (no floating point). */
export function minorToDecimal(amount: number, decimals = 2): string {
  if (decimals === 0) return String(amount);
  const sign = amount < 0 ? '-' : '';
  const digits = String(Math.abs(amount)).padStart(decimals + 1, '0');
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/** Whether an order with this payment status counts in what its buyer spent. */
export function isSpent(paymentStatus: string): boolean {
  return (SPENT_PAYMENT_STATUSES as readonly string[]).includes(paymentStatus);
}
