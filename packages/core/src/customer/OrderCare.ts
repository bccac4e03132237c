import { z } from 'zod';
import { cappedPaginated } from '../api/pagination.js';
import { ShippingAddress } from '../checkout/address.js';

/**
 * Cancel requests and invalid addresses (issue 13, spec §2 /cancel-orders and /invalid-address,
 * §6 custom_payment sellers): a buyer asks to cancel from the order lookup and the seller
 * approves (the order machine's `cancel`, refunded when paid) or refuses; orders held for an
 * address the checkout's check refused wait until the seller corrects it.
 */
export const CANCEL_REQUEST_STATUSES = ['pending', 'approved', 'refused'] as const;
export const CancelRequestStatus = z.enum(CANCEL_REQUEST_STATUSES);
export type CancelRequestStatus = z.infer<typeof CancelRequestStatus>;

export const CANCEL_REQUEST_MESSAGES = {
  sent: 'Your cancellation request was sent to the shop',
  alreadyWaiting: 'A cancellation request for this order is already waiting for the shop',
  notCancellable: 'This order can no longer be cancelled',
  notPending: 'This request was already decided',
  approved: 'Order cancelled',
  refused: 'Request refused',
  noOrder: 'No order matches this number and email',
} as const;

export const INVALID_ADDRESS_MESSAGES = {
  notHeld: 'This order is not held for its address',
  released: 'Address saved; the order is released',
} as const;

/** `POST /public/orders/cancel-request`: the order lookup's number and email, and why. */
export const CancelRequestBody = z.object({
  number: z.string().trim().min(1).max(40),
  email: z.email().max(254),
  reason: z.string().trim().max(1000).optional(),
});
export type CancelRequestBody = z.infer<typeof CancelRequestBody>;

export const CancelRequestCreated = z.object({ status: CancelRequestStatus });

export const CancelRequestRow = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  order_number: z.string(),
  email: z.string(),
  customer_name: z.string().nullable(),
  order_status: z.string(),
  payment_status: z.string(),
  total: z.number().int(),
  currency: z.string(),
  reason: z.string().nullable(),
  status: CancelRequestStatus,
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type CancelRequestRow = z.infer<typeof CancelRequestRow>;

export const CancelRequestList = cappedPaginated(CancelRequestRow);

export const CancelRequestListQuery = z.object({
  q: z.string().trim().max(255).optional(),
  status: CancelRequestStatus.optional(),
  page: z.coerce.number().int().positive().default(1),
  per_page: z.coerce.number().int().positive().max(100).default(20),
});
export type CancelRequestListQueryInput = z.input<typeof CancelRequestListQuery>;

export const RefuseCancelBody = z.object({ note: z.string().trim().max(1000).optional() });

export const InvalidAddressRow = z.object({
  id: z.number().int(),
  order_number: z.string(),
  order_type: z.string(),
  email: z.string(),
  status: z.string(),
  total: z.number().int(),
  currency: z.string(),
  shipping_address: ShippingAddress,
  /** What the check found wrong, by field. */
  problems: z.array(z.object({ field: z.string(), message: z.string() })),
  created_at: z.string(),
});
export type InvalidAddressRow = z.infer<typeof InvalidAddressRow>;

export const InvalidAddressList = cappedPaginated(InvalidAddressRow);

export const InvalidAddressListQuery = z.object({
  q: z.string().trim().max(255).optional(),
  page: z.coerce.number().int().positive().default(1),
  per_page: z.coerce.number().int().positive().max(100).default(20),
});
export type InvalidAddressListQueryInput = z.input<typeof InvalidAddressListQuery>;
