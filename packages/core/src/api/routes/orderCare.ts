import { ShippingAddress } from '../../checkout/address.js';
import {
  CancelRequestBody,
  CancelRequestCreated,
  CancelRequestList,
  CancelRequestListQuery,
  CancelRequestRow,
  InvalidAddressList,
  InvalidAddressListQuery,
  InvalidAddressRow,
  RefuseCancelBody,
} from '../../customer/OrderCare.js';
import { IdParams } from '../catalogSchemas.js';
import { route } from './RouteContract.js';

const tags = ['order-care'] as const;

/**
 * Cancel requests and invalid addresses (issue 13, spec §2 /cancel-orders, /invalid-address):
 * the seller's routes need get_orders (spec §6); a session limited to stores sees those stores'
 * orders. The buyer's request comes from the storefront's order lookup.
 */
export const orderCare = {
  requestCancel: route({
    method: 'POST',
    path: '/public/orders/cancel-request',
    summary: 'A buyer asks the shop to cancel an order (order number and the order’s email)',
    tags,
    auth: 'none',
    rateLimit: 'auth',
    body: CancelRequestBody,
    response: CancelRequestCreated,
    errors: [404, 409],
  }),
  cancelRequests: route({
    method: 'GET',
    path: '/seller/cancel-requests',
    summary: 'Buyers’ cancellation requests, newest first',
    tags,
    permission: 'get_orders',
    query: CancelRequestListQuery,
    response: CancelRequestList,
  }),
  approveCancel: route({
    method: 'POST',
    path: '/seller/cancel-requests/:id/approve',
    summary: 'Cancel the order as asked (refunded when paid)',
    description:
      '409 when the request was decided already or the order can no longer be cancelled.',
    tags,
    permission: 'get_orders',
    params: IdParams,
    response: CancelRequestRow,
    errors: [404, 409],
  }),
  refuseCancel: route({
    method: 'POST',
    path: '/seller/cancel-requests/:id/refuse',
    summary: 'Keep the order; the request is closed as refused',
    tags,
    permission: 'get_orders',
    params: IdParams,
    body: RefuseCancelBody,
    response: CancelRequestRow,
    errors: [404, 409],
  }),
  invalidAddresses: route({
    method: 'GET',
    path: '/seller/invalid-addresses',
    summary: 'Orders held for an address that failed the checkout’s check',
    tags,
    permission: 'get_orders',
    query: InvalidAddressListQuery,
    response: InvalidAddressList,
  }),
  fixAddress: route({
    method: 'PUT',
    path: '/seller/invalid-addresses/:id',
    summary: 'Correct a held order’s address; checked as at the checkout, it releases the order',
    tags,
    permission: 'get_orders',
    params: IdParams,
    body: ShippingAddress,
    response: InvalidAddressRow,
    errors: [404, 409, 422],
  }),
} as const;
