import { z } from 'zod';
import { CHANNEL_EVENTS, CHANNEL_MESSAGES, CHANNEL_TYPES, REPEAT_ALERTS } from './constants.js';

export const ChannelType = z.enum(CHANNEL_TYPES);
export type ChannelType = z.infer<typeof ChannelType>;
export const ChannelEvent = z.enum(CHANNEL_EVENTS);
export type ChannelEvent = z.infer<typeof ChannelEvent>;
export const RepeatAlert = z.enum(REPEAT_ALERTS);
export type RepeatAlert = z.infer<typeof RepeatAlert>;

const ChannelUrl = z
  .string({ error: CHANNEL_MESSAGES.badUrl })
  .trim()
  .max(2000)
  // The pattern also tells the API documentation what an address looks like.
  .regex(/^https?:\/\/\S+$/i, CHANNEL_MESSAGES.badUrl)
  .refine((raw) => URL.canParse(raw), CHANNEL_MESSAGES.badUrl);

const channelFields = {
  /** A label of the seller's choice; the type's name when empty. */
  name: z.string().trim().max(100).optional(),
  /**
   * Discord, Slack and Teams: the incoming-webhook address the service gave; custom webhook:
   * the receiver; Telegram: the bot's API address `https://api.telegram.org/bot<token>`.
   */
  url: ChannelUrl,
  /** Telegram: the chat the bot posts to. */
  chat_id: z.string().trim().max(100).optional(),
  events: z
    .array(ChannelEvent)
    .min(1, 'Choose at least one event')
    .overwrite((events) => [...new Set(events)]),
  repeat_alert: RepeatAlert.default('disabled'),
  /** `until_end_time`: when repeating stops (ISO time). */
  repeat_until: z.iso.datetime({ offset: true }).nullable().optional(),
  enabled: z.boolean().default(true),
};

export const NotificationChannelBody = z
  .object({ type: ChannelType, ...channelFields })
  .superRefine((body, ctx) => {
    if (body.type === 'telegram' && !body.chat_id) {
      ctx.addIssue({ code: 'custom', path: ['chat_id'], message: CHANNEL_MESSAGES.chatIdRequired });
    }
    if (body.repeat_alert === 'until_end_time' && !body.repeat_until) {
      ctx.addIssue({
        code: 'custom',
        path: ['repeat_until'],
        message: 'Choose when repeating stops',
      });
    }
  });
export type NotificationChannelBody = z.infer<typeof NotificationChannelBody>;

/** A change to a channel: the fields given (its type stays). */
export const NotificationChannelUpdateBody = z.object({
  name: channelFields.name,
  url: ChannelUrl.optional(),
  chat_id: channelFields.chat_id,
  events: channelFields.events.optional(),
  repeat_alert: RepeatAlert.optional(),
  repeat_until: channelFields.repeat_until,
  enabled: z.boolean().optional(),
});
export type NotificationChannelUpdateBody = z.infer<typeof NotificationChannelUpdateBody>;

/** A channel as listed: its address masked (incoming-webhook addresses are credentials). */
export const NotificationChannel = z.object({
  id: z.number().int(),
  type: ChannelType,
  name: z.string(),
  url_hint: z.string(),
  chat_id: z.string().nullable(),
  events: z.array(ChannelEvent),
  repeat_alert: RepeatAlert,
  repeat_until: z.string().nullable(),
  enabled: z.boolean(),
  /** Custom webhooks: a signing secret exists (it was shown once, at creation). */
  signed: z.boolean(),
  created_at: z.string(),
  last_delivery_status: z.enum(['pending', 'delivered', 'failed']).nullable(),
});
export type NotificationChannel = z.infer<typeof NotificationChannel>;

/** The answer to creating a channel: a custom webhook's secret, the only time it is sent. */
export const NotificationChannelCreated = z.object({
  id: z.number().int(),
  secret: z.string().optional(),
});
export type NotificationChannelCreated = z.infer<typeof NotificationChannelCreated>;

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export const DeliveryStatus = z.enum(DELIVERY_STATUSES);
export type DeliveryStatus = z.infer<typeof DeliveryStatus>;

export const DeliveryAttempt = z.object({
  /** The receiver's HTTP status; null when no answer came (refused, timed out). */
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
  at: z.string(),
});
export type DeliveryAttempt = z.infer<typeof DeliveryAttempt>;

/** One event sent to one channel, with every attempt. */
export const NotificationDelivery = z.object({
  id: z.number().int(),
  /** The `webhook-id` of every attempt. */
  message_id: z.string(),
  channel_id: z.number().int(),
  event: z.string(),
  test: z.boolean(),
  status: DeliveryStatus,
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  attempts: z.array(DeliveryAttempt),
});
export type NotificationDelivery = z.infer<typeof NotificationDelivery>;

export const DeliveryListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** What an order event carries to every channel. */
export const OrderEventData = z.looseObject({
  order_id: z.number().int(),
  order_number: z.string(),
  status: z.string(),
  payment_status: z.string(),
  fulfillment_status: z.string(),
  currency: z.string(),
  /** Minor units of `currency`. */
  total: z.number().int(),
  customer_name: z.string().nullable().optional(),
  previous_status: z.string().optional(),
  carrier: z.string().optional(),
  tracking_number: z.string().optional(),
  tracking_url: z.string().optional(),
});
export type OrderEventData = z.infer<typeof OrderEventData>;

/** Where a channel's address points, without its credentials: scheme, host and "…". */
export function channelUrlHint(url: string): string {
  if (!URL.canParse(url)) return '…';
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}/…`;
}
