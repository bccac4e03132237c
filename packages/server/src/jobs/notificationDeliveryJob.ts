import {
  type ChannelEvent,
  type ChannelType,
  channelRequest,
  isDelivered,
  nextAttemptAt,
  OrderEventData,
} from '@printloom/core';
import { z } from 'zod';
import { createSecretBox } from '../auth/createSecretBox.js';
import { SafeFetchError, safePost } from '../http/safeFetch.js';
import { channelOfDelivery, getDelivery, recordAttempt } from '../sql/notificationChannels.js';
import { defineJob } from './defineJob.js';

/** The sealing context of a channel's address and secret (a sealed value opens on its row only). */
export const channelUrlContext = (id: number) => `notification-channel-url:${id}`;
export const channelSecretContext = (id: number) => `notification-channel-secret:${id}`;

/**
 * One attempt of one delivery (attempt n of the round, from 0). The attempt is recorded with
 * the receiver's status or the error; on failure the next attempt is enqueued, in the same
 * transaction, to start when core's schedule says (settings.webhookRetrySeconds), so the
 * schedule survives restarts: it is a row and a job in the database. A job whose attempt no
 * longer matches the delivery (a duplicate, or a round already finished) does nothing.
 * A throw (the database failing) lets pg-boss run the same attempt again.
 */
export const notificationDeliveryJob = defineJob({
  name: 'notifications.deliver',
  payload: z.object({ deliveryId: z.number().int(), attempt: z.number().int().min(0) }),
  retry: { limit: 3, delaySeconds: 5, backoff: true },
  expireInSeconds: 120,
  concurrency: 4,
  handler: async ({ deliveryId, attempt }, { db, settings, log, jobs }) => {
    const delivery = await getDelivery(db, null, deliveryId);
    if (delivery?.status !== 'pending' || delivery.attempt_count !== attempt) return;
    const channel = await channelOfDelivery(db, delivery);
    if (!channel) return;
    const box = createSecretBox(settings.secret);
    const channelId = Number(channel.id);
    const url = box.open(channel.url_sealed, channelUrlContext(channelId));
    const secret = channel.secret_sealed
      ? box.open(channel.secret_sealed, channelSecretContext(channelId))
      : null;
    const started = Date.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    if (!url) {
      error = 'The channel address could not be read (server secret changed?)';
    } else {
      const request = channelRequest(
        { type: channel.type as ChannelType, url, chatId: channel.chat_id, secret },
        {
          id: delivery.message_id,
          event: delivery.test ? 'test' : (delivery.event as ChannelEvent),
          occurredAt: delivery.occurred_at.toISOString(),
          data: OrderEventData.parse(delivery.payload),
        },
        Math.floor(Date.now() / 1000),
      );
      try {
        const answer = await safePost(new URL(request.url), request.body, {
          headers: request.headers,
          timeoutMs: settings.webhookTimeoutMs,
          resolve: settings.resolveHost,
          trusted: settings.allowPrivateWebhooks,
        });
        statusCode = answer.statusCode;
        if (!isDelivered(statusCode)) error = `Answered ${statusCode}`;
      } catch (caught) {
        error =
          caught instanceof SafeFetchError && caught.kind === 'refusedLiteral'
            ? 'Refused: the address is on a private or local network'
            : caught instanceof SafeFetchError
              ? 'No answer (refused, timed out or not reachable)'
              : String(caught);
        log.info({ err: caught, deliveryId }, 'notification attempt failed');
      }
    }
    const durationMs = Date.now() - started;
    const delivered = isDelivered(statusCode);
    const next = delivered
      ? null
      : nextAttemptAt(attempt + 1, new Date(), settings.webhookRetrySeconds);
    await db.transaction(async (tx) => {
      const current = await getDelivery(tx, null, deliveryId, { lock: true });
      if (current?.status !== 'pending' || current.attempt_count !== attempt) return;
      await recordAttempt(tx, current, {
        statusCode,
        error,
        durationMs,
        status: delivered ? 'delivered' : next ? 'pending' : 'failed',
        nextAttemptAt: next,
      });
      if (next) {
        await jobs.enqueue(
          tx,
          notificationDeliveryJob,
          { deliveryId, attempt: attempt + 1 },
          { startAfter: next },
        );
      }
    });
  },
});
