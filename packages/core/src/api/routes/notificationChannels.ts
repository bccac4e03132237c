import { z } from 'zod';
import {
  DeliveryListQuery,
  NotificationChannel,
  NotificationChannelBody,
  NotificationChannelCreated,
  NotificationChannelUpdateBody,
  NotificationDelivery,
} from '../../notification/NotificationChannel.js';
import { DoneAnswer } from '../authSchemas.js';
import { IdParams } from '../catalogSchemas.js';
import { route } from './RouteContract.js';

const tags = ['notification channels'] as const;

/**
 * Where a seller's order events go (issue 13; spec §3 notification channels): Discord, Slack,
 * Teams, Telegram and signed custom webhooks. The events carry orders, so every route needs
 * get_orders, the permission that shows orders. Another seller's channel or delivery is 404.
 * Delivery runs in the background; these routes only record and enqueue.
 */
export const notificationChannels = {
  list: route({
    method: 'GET',
    path: '/seller/notification-channels',
    summary: "The seller's notification channels, oldest first",
    tags,
    permission: 'get_orders',
    response: z.array(NotificationChannel),
  }),
  create: route({
    method: 'POST',
    path: '/seller/notification-channels',
    summary: 'Add a channel; a custom webhook answers its signing secret, shown this once',
    description:
      'Custom webhooks are signed the Standard Webhooks way: `webhook-id`, `webhook-timestamp` and `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">` keyed by the bytes of the secret after `whsec_`. Addresses on private or loopback networks are refused.',
    tags,
    permission: 'get_orders',
    body: NotificationChannelBody,
    response: NotificationChannelCreated,
    errors: [403, 409, 422],
  }),
  update: route({
    method: 'PUT',
    path: '/seller/notification-channels/:id',
    summary: 'Change a channel (the fields given)',
    tags,
    permission: 'get_orders',
    params: IdParams,
    body: NotificationChannelUpdateBody,
    response: NotificationChannel,
    errors: [403, 404, 422],
  }),
  remove: route({
    method: 'DELETE',
    path: '/seller/notification-channels/:id',
    summary: 'Remove a channel and its delivery history',
    tags,
    permission: 'get_orders',
    params: IdParams,
    response: DoneAnswer,
    errors: [404],
  }),
  test: route({
    method: 'POST',
    path: '/seller/notification-channels/:id/test',
    summary: 'Send a sample order.created event to the channel (in the background)',
    tags,
    permission: 'get_orders',
    params: IdParams,
    response: NotificationDelivery,
    errors: [404],
  }),
  deliveries: route({
    method: 'GET',
    path: '/seller/notification-channels/:id/deliveries',
    summary: "A channel's latest deliveries, newest first, each with every attempt",
    tags,
    permission: 'get_orders',
    params: IdParams,
    query: DeliveryListQuery,
    response: z.array(NotificationDelivery),
    errors: [404],
  }),
  redeliver: route({
    method: 'POST',
    path: '/seller/notification-channels/deliveries/:id/redeliver',
    summary: 'Send a delivered or failed event again, with the same message id',
    tags,
    permission: 'get_orders',
    params: IdParams,
    response: NotificationDelivery,
    errors: [404, 409],
  }),
} as const;
