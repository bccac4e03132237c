/**
 * The platform's verbs on a paid order (issue 13), shared by the operators' routes and the demo
 * history: send it to production (core's planPrintFiles decides between the print-files job and
 * SEN Design) and ship lines with a carrier and tracking number. Each runs in the caller's
 * transaction on an order read with its lock.
 */
import type { OrderState, ShipOrderBody } from '@printloom/core';
import type { Queryable } from '../db/Db.js';
import type { JobQueue } from '../jobs/defineJob.js';
import { upsertItemFile } from '../sql/orderPrintFiles.js';
import { getSellerOrder, insertShipment, type OrderFullRow } from '../sql/sellerOrders.js';
import { changeOrder, orderStateOf } from './changeOrder.js';
import { printFilePlanOf, printFilesJob } from './printFiles.js';
import { ORDER_EVENT_KINDS, type OrderActor, recordOrderEvent } from './recordOrderEvent.js';

/**
 * Production: every item printable → `to_production` and the print-files job (same
 * transaction); any item without a usable design → `designing`, and the order waits on SEN
 * Design. Answers which of the two happened.
 */
export async function sendToProduction(
  tx: Queryable,
  jobs: JobQueue,
  order: OrderFullRow,
  actor: OrderActor,
): Promise<'designing' | 'production'> {
  const sellerId = Number(order.seller_id);
  const plan = await printFilePlanOf(tx, { id: Number(order.id), sellerId });
  const designing = plan.needs_design.length > 0;
  await changeOrder(
    tx,
    jobs,
    order,
    { type: designing ? 'designing' : 'to_production' },
    actor,
    designing ? { needs_design: plan.needs_design } : {},
  );
  if (!designing) {
    await jobs.enqueue(tx, printFilesJob, { orderId: Number(order.id), sellerId });
  }
  return designing ? 'designing' : 'production';
}

/**
 * Ships lines (all unshipped ones when `items` is absent): the `ship_line` event, the shipment
 * row with the lines it actually shipped, and the `shipped` timeline entry. Answers the
 * shipment's id.
 */
export async function shipOrderLines(
  tx: Queryable,
  jobs: JobQueue,
  order: OrderFullRow,
  body: ShipOrderBody,
  actor: OrderActor,
): Promise<number> {
  const before = await orderStateOf(tx, order);
  const after = await changeOrder(
    tx,
    jobs,
    order,
    { type: 'ship_line', item_ids: body.items },
    actor,
  );
  const shipped = after.items
    .filter((line, i) => line.status === 'fulfilled' && before.items[i]?.status !== 'fulfilled')
    .map((line) => line.id);
  const shipmentId = await insertShipment(tx, {
    orderId: Number(order.id),
    sellerId: Number(order.seller_id),
    itemIds: shipped,
    carrier: body.carrier,
    trackingNumber: body.tracking_number,
  });
  await recordOrderEvent(tx, jobs, {
    orderId: Number(order.id),
    sellerId: Number(order.seller_id),
    kind: ORDER_EVENT_KINDS.shipped,
    detail: {
      shipment_id: shipmentId,
      carrier: body.carrier,
      tracking_number: body.tracking_number,
      item_ids: shipped,
    },
    actor,
  });
  return shipmentId;
}

/**
 * SEN Design's hand-back once every waiting item has its designer file: `designed`, then
 * `to_production` on the order read again. The caller enqueues the print-files job for print
 * spaces that still have only a saved design.
 */
export async function handBackDesigned(
  tx: Queryable,
  jobs: JobQueue,
  order: OrderFullRow,
  actor: OrderActor,
): Promise<OrderState> {
  await changeOrder(tx, jobs, order, { type: 'designed' }, actor);
  const scope = { sellerId: Number(order.seller_id), storeIds: null };
  const fresh = await getSellerOrder(tx, scope, Number(order.id), true);
  if (!fresh) throw new Error(`order ${order.id} vanished`);
  return changeOrder(tx, jobs, fresh, { type: 'to_production' }, actor);
}

/** A designer's finished print file for one print space of an item waiting on SEN Design. */
export async function attachDesignerFile(
  tx: Queryable,
  jobs: JobQueue,
  file: {
    itemId: number;
    orderId: number;
    /** The order's seller (a cross-sold line's file still belongs to the store seller's order). */
    sellerId: number;
    printSpace: string;
    fileUrl: string;
    /** Who uploaded it, when the timeline names someone else (a campaign owner's designer). */
    createdBy?: number | null;
    /** A cross-sold line designed on the campaign owner's side. */
    designedByOwner?: boolean;
  },
  actor: OrderActor,
): Promise<void> {
  await upsertItemFile(tx, {
    itemId: file.itemId,
    orderId: file.orderId,
    sellerId: file.sellerId,
    printSpace: file.printSpace,
    fileUrl: file.fileUrl,
    width: null,
    height: null,
    source: 'designer',
    createdBy: file.createdBy === undefined ? actor.id : file.createdBy,
  });
  await recordOrderEvent(tx, jobs, {
    orderId: file.orderId,
    sellerId: file.sellerId,
    kind: ORDER_EVENT_KINDS.designFile,
    detail: {
      item_id: file.itemId,
      print_space: file.printSpace,
      ...(file.designedByOwner ? { designed_by: 'campaign_owner' } : {}),
    },
    actor,
  });
}
