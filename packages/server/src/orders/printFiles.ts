/**
 * Production (issue 13): an operator sends a paid order to production. Core's planPrintFiles
 * decides from the items' saved designs: every item printable → the `to_production` event and
 * the print-files job, enqueued in the same transaction; any item without a usable design → the
 * `designing` event, and the order waits on SEN Design.
 *
 * The job draws each planned design with the renderer the editor and `printloom render design`
 * use (`renderDesign` of @printloom/renderer/node: images and fonts loaded, drawDesignContained)
 * at the product's print space size in print pixels, and stores the PNG in the blob store under
 * the seller (`s{seller}/orders/{order}/{item}_{printSpace}.png`) and on the item. A personalised
 * item's design first gets the buyer's values kept on the item (core personalizeDesign).
 * Design images are read only from the seller's own stored files ('/files/s{seller}/…'),
 * http(s) addresses and data: addresses; any other address (a path of this machine) fails the
 * file, so a design can never make the server read its own disk.
 */
import {
  BLOB_FILE_PREFIX,
  PersonalizedValue,
  type PrintFilePlan,
  type PrintSpaceDesign,
  personalizeDesign,
  planPrintFiles,
} from '@printloom/core';
import { z } from 'zod';
import { blobPath, keyOwner, writeBlob } from '../blob/blobStore.js';
import type { Queryable } from '../db/Db.js';
import { defineJob } from '../jobs/defineJob.js';
import { orderItemDesigns, upsertItemFile } from '../sql/orderPrintFiles.js';
import { ORDER_EVENT_KINDS, recordOrderEvent } from './recordOrderEvent.js';

/**
 * The production plan of a stored order (its live lines), with whose files each line's design
 * may read: the order's seller's, or a cross-sold campaign's owner's.
 */
export async function printFilePlanOf(
  db: Queryable,
  order: { id: number; sellerId: number },
): Promise<PrintFilePlan & { ownerOf: ReadonlyMap<number, number> }> {
  const rows = await orderItemDesigns(db, order);
  const plan = planPrintFiles(
    rows.map((row) => ({
      id: Number(row.id),
      print_spaces: row.print_spaces,
      designs: row.designs ?? [],
      designer_files: row.designer_files ?? [],
    })),
  );
  // A personalised item's files are drawn from the buyer's values (issue 16, migration 044).
  const values = new Map(
    rows.map((row) => [
      Number(row.id),
      PersonalizedValue.array().catch([]).parse(row.personalization),
    ]),
  );
  return {
    ...plan,
    ownerOf: new Map(rows.map((row) => [Number(row.id), Number(row.seller_id)])),
    files: plan.files.map((file) => ({
      ...file,
      design: personalizeDesign(file.design, file.print_space, values.get(file.item_id) ?? []),
    })),
  };
}

/** An address a design may name, resolved for the renderer; throws for anything else. */
export function designSource(address: string, sellerId: number, blobDir: string): string {
  if (/^(https?|data):/i.test(address)) return address;
  if (address.startsWith(BLOB_FILE_PREFIX)) {
    const key = decodeURIComponent(address.slice(BLOB_FILE_PREFIX.length).split('?')[0] ?? '');
    if (keyOwner(key) !== sellerId) throw new Error(`${address} is not a file of this seller`);
    return blobPath(blobDir, key);
  }
  throw new Error(`A print file cannot read ${address}`);
}

/** The design with every image and font address resolved by `designSource`. */
export function withResolvedSources(
  design: PrintSpaceDesign,
  sellerId: number,
  blobDir: string,
): PrintSpaceDesign {
  const resolve = (address: string) => designSource(address, sellerId, blobDir);
  return {
    ...design,
    objects: design.objects.map((object) => {
      const common = {
        ...(object.backgroundUrl ? { backgroundUrl: resolve(object.backgroundUrl) } : {}),
        ...(object.custom_background
          ? { custom_background: resolve(object.custom_background) }
          : {}),
      };
      if (object.type === 'image') return { ...object, ...common, src: resolve(object.src) };
      return {
        ...object,
        ...common,
        ...(object.fontUrl ? { fontUrl: resolve(object.fontUrl) } : {}),
      };
    }),
  };
}

/** The blob key of an item's print file. */
export const printFileKey = (sellerId: number, orderId: number, itemId: number, space: string) =>
  `s${sellerId}/orders/${orderId}/${itemId}_${space.replace(/[^A-Za-z0-9_-]/g, '-')}.png`;

export const printFilesJob = defineJob({
  name: 'orders.print-files',
  payload: z.object({
    orderId: z.number().int().positive(),
    sellerId: z.number().int().positive(),
  }),
  retry: { limit: 2, delaySeconds: 10, backoff: true },
  expireInSeconds: 900,
  handler: async ({ orderId, sellerId }, { db, blobDir, log, jobs }) => {
    const plan = await printFilePlanOf(db, { id: orderId, sellerId });
    const node = await import('@printloom/renderer/node');
    const files: { item_id: number; print_space: string; file_url: string }[] = [];
    for (const file of plan.files) {
      const owner = plan.ownerOf.get(file.item_id) ?? sellerId;
      const design = withResolvedSources(file.design, owner, blobDir);
      const png = await node.renderDesign(design, { width: file.width });
      const key = printFileKey(sellerId, orderId, file.item_id, file.print_space);
      await writeBlob(blobDir, key, png);
      const fileUrl = `${BLOB_FILE_PREFIX}${key}`;
      const size = node.imageSize(png);
      await upsertItemFile(db, {
        itemId: file.item_id,
        orderId,
        sellerId,
        printSpace: file.print_space,
        fileUrl,
        width: size.width,
        height: size.height,
        source: 'rendered',
        createdBy: null,
      });
      files.push({ item_id: file.item_id, print_space: file.print_space, file_url: fileUrl });
    }
    await recordOrderEvent(db, jobs, {
      orderId,
      sellerId,
      kind: ORDER_EVENT_KINDS.printFiles,
      detail: { files },
      actor: { kind: 'system', id: null },
    });
    log.info({ orderId, files: files.length }, 'print files drawn');
  },
});
