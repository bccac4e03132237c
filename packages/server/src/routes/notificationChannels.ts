/**
 * Notification channels (`/seller/notification-channels`, issue 13): the seller's Discord,
 * Slack, Teams, Telegram and custom webhook targets for order events, their deliveries and
 * attempts. Addresses (which hold credentials for the chat services) and webhook secrets are
 * sealed with the server secret; a custom webhook's secret is answered once, at creation.
 * A target on a private or loopback address is refused unless the server allows it
 * (`allowPrivateWebhooks`); delivery checks the address again, on the address connected to.
 */
import { randomBytes } from 'node:crypto';
import {
  API,
  CHANNEL_MESSAGES,
  CHANNELS_PER_SELLER_MAX,
  type ChannelEvent,
  channelUrlHint,
  type NotificationChannel,
  type NotificationDelivery,
  type OrderEventData,
  WEBHOOK_SECRET_BYTES,
  webhookSecretOf,
} from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import { createSecretBox } from '../auth/createSecretBox.js';
import type { Queryable } from '../db/Db.js';
import { conflict, notFound, unprocessable } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import { isPublicTarget } from '../http/safeFetch.js';
import {
  channelSecretContext,
  channelUrlContext,
  notificationDeliveryJob,
} from '../jobs/notificationDeliveryJob.js';
import { enqueueDelivery } from '../notifications/notifyOrderEvent.js';
import {
  attemptsOf,
  type ChannelRow,
  countChannels,
  type DeliveryRow,
  deleteChannel,
  getChannel,
  getDelivery,
  insertChannel,
  listChannels,
  listDeliveries,
  restartDelivery,
  setChannelSecret,
  updateChannel,
} from '../sql/notificationChannels.js';

const TYPE_NAMES = {
  discord: 'Discord',
  slack: 'Slack',
  ms_teams: 'Microsoft Teams',
  telegram: 'Telegram',
  webhook: 'Webhook',
} as const;

/** What the test button sends: an order.created of a made-up order. */
const SAMPLE_ORDER: OrderEventData = {
  order_id: 0,
  order_number: 'PL000000',
  status: 'processing',
  payment_status: 'paid',
  fulfillment_status: 'unfulfilled',
  currency: 'USD',
  total: 2599,
  customer_name: 'Sample Buyer',
};

const channelView = (row: ChannelRow): NotificationChannel => ({
  id: Number(row.id),
  type: row.type as NotificationChannel['type'],
  name: row.name,
  url_hint: row.url_hint,
  chat_id: row.chat_id,
  events: row.events as ChannelEvent[],
  repeat_alert: row.repeat_alert as NotificationChannel['repeat_alert'],
  repeat_until: row.repeat_until ? row.repeat_until.toISOString() : null,
  enabled: row.enabled,
  signed: row.secret_sealed !== null,
  created_at: row.created_at.toISOString(),
  last_delivery_status: row.last_delivery_status as NotificationChannel['last_delivery_status'],
});

export async function registerNotificationChannelRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const settings = app.config;
  const box = createSecretBox(settings.secret);

  const own = async (q: Queryable, sellerId: number, id: number) => {
    const row = await getChannel(q, sellerId, id);
    if (!row) throw notFound();
    return row;
  };

  const checkTarget = async (url: string) => {
    if (settings.allowPrivateWebhooks) return;
    if (!(await isPublicTarget(new URL(url), settings.resolveHost))) {
      throw unprocessable(CHANNEL_MESSAGES.privateAddress, {
        url: [CHANNEL_MESSAGES.privateAddress],
      });
    }
  };

  const deliveryViews = async (
    q: Queryable,
    sellerId: number,
    rows: DeliveryRow[],
  ): Promise<NotificationDelivery[]> => {
    const attempts = await attemptsOf(
      q,
      sellerId,
      rows.map((row) => Number(row.id)),
    );
    return rows.map((row) => ({
      id: Number(row.id),
      message_id: row.message_id,
      channel_id: Number(row.channel_id),
      event: row.event,
      test: row.test,
      status: row.status as NotificationDelivery['status'],
      next_attempt_at: row.next_attempt_at ? row.next_attempt_at.toISOString() : null,
      created_at: row.created_at.toISOString(),
      attempts: attempts
        .filter((a) => Number(a.delivery_id) === Number(row.id))
        .map((a) => ({
          status_code: a.status_code,
          error: a.error,
          duration_ms: a.duration_ms,
          at: a.attempted_at.toISOString(),
        })),
    }));
  };

  registerGroup(app, API.notificationChannels, {
    list: async ({ auth }) => ({
      data: (await listChannels(db, auth.sellerId)).map(channelView),
    }),
    create: async ({ auth, body }) => {
      await checkTarget(body.url);
      if ((await countChannels(db, auth.sellerId)) >= CHANNELS_PER_SELLER_MAX) {
        throw conflict(CHANNEL_MESSAGES.tooMany);
      }
      const data = await db.transaction(async (tx) => {
        // The address is sealed with the row's id: a placeholder first, then the sealed value.
        const id = await insertChannel(tx, auth.sellerId, {
          type: body.type,
          name: body.name || TYPE_NAMES[body.type],
          url_sealed: '',
          url_hint: channelUrlHint(body.url),
          chat_id: body.type === 'telegram' ? (body.chat_id ?? null) : null,
          events: body.events,
          repeat_alert: body.repeat_alert,
          repeat_until: body.repeat_until ?? null,
          enabled: body.enabled,
        });
        await updateChannel(tx, auth.sellerId, id, {
          url_sealed: box.seal(body.url, channelUrlContext(id)),
        });
        if (body.type !== 'webhook') return { id };
        const secret = webhookSecretOf(randomBytes(WEBHOOK_SECRET_BYTES));
        await setChannelSecret(tx, auth.sellerId, id, box.seal(secret, channelSecretContext(id)));
        return { id, secret };
      });
      return { data, message: CHANNEL_MESSAGES.created };
    },
    update: async ({ auth, params, body }) => {
      const row = await own(db, auth.sellerId, params.id);
      if (body.url !== undefined) await checkTarget(body.url);
      if (row.type === 'telegram' && body.chat_id === '') {
        throw unprocessable(CHANNEL_MESSAGES.chatIdRequired, {
          chat_id: [CHANNEL_MESSAGES.chatIdRequired],
        });
      }
      await updateChannel(db, auth.sellerId, params.id, {
        name: body.name === '' ? TYPE_NAMES[row.type as keyof typeof TYPE_NAMES] : body.name,
        ...(body.url !== undefined
          ? {
              url_sealed: box.seal(body.url, channelUrlContext(params.id)),
              url_hint: channelUrlHint(body.url),
            }
          : {}),
        chat_id: row.type === 'telegram' ? body.chat_id : undefined,
        events: body.events,
        repeat_alert: body.repeat_alert,
        repeat_until: body.repeat_until,
        enabled: body.enabled,
      });
      return {
        data: channelView(await own(db, auth.sellerId, params.id)),
        message: CHANNEL_MESSAGES.updated,
      };
    },
    remove: async ({ auth, params }) => {
      if (!(await deleteChannel(db, auth.sellerId, params.id))) throw notFound();
      return { data: null, message: CHANNEL_MESSAGES.deleted };
    },
    test: async ({ auth, params }) => {
      await own(db, auth.sellerId, params.id);
      const data = await db.transaction(async (tx) => {
        const row = await enqueueDelivery(tx, app.jobs, {
          sellerId: auth.sellerId,
          channelId: params.id,
          event: 'order.created',
          test: true,
          data: SAMPLE_ORDER,
        });
        const [view] = await deliveryViews(tx, auth.sellerId, [row]);
        return view;
      });
      if (!data) throw notFound();
      return { data, message: CHANNEL_MESSAGES.testQueued };
    },
    deliveries: async ({ auth, params, query }) => {
      await own(db, auth.sellerId, params.id);
      const rows = await listDeliveries(db, auth.sellerId, params.id, query.limit);
      return { data: await deliveryViews(db, auth.sellerId, rows) };
    },
    redeliver: async ({ auth, params }) => {
      const data = await db.transaction(async (tx) => {
        const row = await getDelivery(tx, auth.sellerId, params.id, { lock: true });
        if (!row) throw notFound();
        if (!(await restartDelivery(tx, auth.sellerId, params.id, new Date()))) {
          throw conflict('This event is still being delivered; wait for its attempts to end');
        }
        await app.jobs.enqueue(tx, notificationDeliveryJob, { deliveryId: params.id, attempt: 0 });
        const fresh = await getDelivery(tx, auth.sellerId, params.id);
        const [view] = fresh ? await deliveryViews(tx, auth.sellerId, [fresh]) : [];
        return view;
      });
      if (!data) throw notFound();
      return { data, message: CHANNEL_MESSAGES.redeliverQueued };
    },
  });
}
