/**
 * Order events to notification channels (issue 13). `notifyOrderEvent` is called inside the
 * transaction that changes the order: it records one delivery per channel that takes the event
 * and enqueues its first attempt through the same transaction, so the event is sent exactly
 * when the change commits. The attempts themselves run in `notificationDeliveryJob`.
 */
import { randomBytes } from 'node:crypto';
import {
  type ChannelEvent,
  isRepeatDue,
  type OrderEventData,
  type RepeatAlert,
} from '@printloom/core';
import type { Db, Queryable } from '../db/Db.js';
import type { JobQueue } from '../jobs/defineJob.js';
import { notificationDeliveryJob } from '../jobs/notificationDeliveryJob.js';
import {
  channelsForEvent,
  type DeliveryRow,
  insertDelivery,
  markRepeated,
  orderEventSnapshot,
  repeatCandidates,
} from '../sql/notificationChannels.js';

/** A fresh Standard Webhooks message id. */
export const newMessageId = () => `msg_${randomBytes(18).toString('base64url')}`;

/** Records and enqueues one delivery of an event to one channel. */
export async function enqueueDelivery(
  tx: Queryable,
  jobs: JobQueue,
  delivery: { sellerId: number; channelId: number; event: string; test: boolean; data: object },
): Promise<DeliveryRow> {
  const row = await insertDelivery(tx, {
    ...delivery,
    messageId: newMessageId(),
    payload: delivery.data,
    nextAttemptAt: new Date(),
  });
  await jobs.enqueue(tx, notificationDeliveryJob, { deliveryId: Number(row.id), attempt: 0 });
  return row;
}

/**
 * Sends `event` with `data` to every enabled channel of the seller that takes it. Call it with
 * the transaction of the order change. Answers how many deliveries were queued.
 */
export async function notifyOrderEvent(
  tx: Queryable,
  jobs: JobQueue,
  sellerId: number,
  event: ChannelEvent,
  data: OrderEventData,
): Promise<number> {
  const channels = await channelsForEvent(tx, sellerId, event);
  for (const channel of channels) {
    await enqueueDelivery(tx, jobs, {
      sellerId,
      channelId: Number(channel.id),
      event,
      test: false,
      data,
    });
  }
  return channels.length;
}

/**
 * `notifyOrderEvent` with the order's current state read in the same transaction; `extra`
 * adds what the change was (previous status, carrier and tracking number). Answers how many
 * deliveries were queued (0 as well when the order is not the seller's).
 */
export async function notifyOrderChange(
  tx: Queryable,
  jobs: JobQueue,
  sellerId: number,
  orderId: number,
  event: ChannelEvent,
  extra: Partial<
    Pick<OrderEventData, 'previous_status' | 'carrier' | 'tracking_number' | 'tracking_url'>
  > = {},
): Promise<number> {
  const snapshot = await orderEventSnapshot(tx, sellerId, orderId);
  if (!snapshot) return 0;
  return notifyOrderEvent(tx, jobs, sellerId, event, { ...snapshot, ...extra });
}

/** Candidates looked at per sweep; the rest wait for the next minute. */
const REPEAT_BATCH = 500;

/**
 * Repeats the alerts of orders still on hold on channels whose repeat option says so (core
 * `isRepeatDue`): an `order.changed.status` delivery marked `repeated`, one per channel and
 * order per interval. Answers how many were sent. Runs once a minute (`notificationRepeatJob`).
 */
export async function sendRepeatAlerts(db: Db, jobs: JobQueue, now: Date): Promise<number> {
  const due = (await repeatCandidates(db, REPEAT_BATCH)).filter((row) =>
    isRepeatDue({
      repeat: row.repeat_alert as RepeatAlert,
      since: row.since,
      now,
      until: row.repeat_until,
    }),
  );
  let sent = 0;
  for (const row of due) {
    await db.transaction(async (tx) => {
      const sellerId = Number(row.seller_id);
      const snapshot = await orderEventSnapshot(tx, sellerId, Number(row.order_id));
      if (snapshot?.status !== 'on_hold') return;
      await markRepeated(tx, row, now);
      await enqueueDelivery(tx, jobs, {
        sellerId,
        channelId: Number(row.channel_id),
        event: 'order.changed.status',
        test: false,
        data: { ...snapshot, repeated: true },
      });
      sent += 1;
    });
  }
  return sent;
}
