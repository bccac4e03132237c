import { z } from 'zod';
import type { Queryable } from '../db/Db.js';
import { orderConfirmationMail, orderShippedMail, orderStatusUrl } from '../mail/orderMail.js';
import { sendStoreMail } from '../mail/storeMail.js';
import {
  insertOrderMail,
  orderMailFacts,
  shipmentFacts,
  takeOrderMail,
} from '../sql/orderMails.js';
import { defineJob, type JobQueue } from './defineJob.js';

/**
 * Sends one order mail (order confirmation or shipping) to the buyer through the store's email
 * gateway, else SMTP_URL (`sendStoreMail`: outbox first). Enqueued by `queueOrderMail` in the
 * transaction of the order change. The row is taken before the mail goes, so a retry or a
 * second job never mails twice; a failed send stays unsent in the outbox and the log.
 */
export const orderMailJob = defineJob({
  name: 'order.mail.send',
  payload: z.object({ orderMailId: z.number().int().positive() }),
  retry: { limit: 3, delaySeconds: 30, backoff: true },
  handler: async ({ orderMailId }, { db, settings, log }) => {
    const row = await takeOrderMail(db, orderMailId);
    if (!row) return;
    const sellerId = Number(row.seller_id);
    const order = await orderMailFacts(db, sellerId, Number(row.order_id));
    if (!order) return;
    const statusUrl = orderStatusUrl(order, settings.previewDomain);
    let mail = orderConfirmationMail(order, statusUrl);
    if (row.kind === 'shipped') {
      const shipment =
        row.shipment_id === null
          ? null
          : await shipmentFacts(db, sellerId, Number(row.shipment_id));
      if (!shipment) {
        log.error({ orderMailId }, 'order mail: shipment not found; not sent');
        return;
      }
      mail = orderShippedMail(order, shipment, statusUrl);
    }
    await sendStoreMail(
      db,
      log,
      settings,
      { sellerId, storeId: order.store_id === null ? null : Number(order.store_id) },
      mail,
    );
  },
});

/**
 * Queues an order's mail for an event, inside the transaction of the order change; nothing when
 * that order's event was already queued.
 */
export async function queueOrderMail(
  tx: Queryable,
  jobs: JobQueue,
  mail: {
    orderId: number;
    sellerId: number;
    kind: 'confirmation' | 'shipped';
    shipmentId: number | null;
  },
): Promise<void> {
  const id = await insertOrderMail(tx, mail);
  if (id !== null) await jobs.enqueue(tx, orderMailJob, { orderMailId: id });
}
