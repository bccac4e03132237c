/**
 * Print files of order items (issue 13, migration 033): what the production step reads of each
 * item's product (its print spaces and saved designs) and the files it stores per item and
 * print space. Every query is scoped by the order's seller; a line cross-sold from another
 * seller's campaign (migration 045) keeps that owner as its `seller_id` and is read with the order.
 */
import type { PersonalizedValue } from '@printloom/core';
import type { Queryable } from '../db/Db.js';

export interface ItemDesignRow {
  id: number;
  /** Whose campaign the line is: the order's seller, or the owner of a cross-sold campaign. */
  seller_id: number;
  print_spaces: string | null;
  designs: { print_space: string; design_json: string | null }[] | null;
  designer_files: string[] | null;
  /** The buyer's values of a personalised product (migration 044); [] for other items. */
  personalization: PersonalizedValue[];
}

/** The live lines of an order with their product's print spaces, designs and designer files. */
export async function orderItemDesigns(
  db: Queryable,
  order: { id: number; sellerId: number },
): Promise<ItemDesignRow[]> {
  return db.query<ItemDesignRow>(
    `SELECT i.id, i.seller_id, p.print_spaces, i.personalization,
        (SELECT json_agg(json_build_object('print_space', d.print_space,
                  'design_json', d.design_json) ORDER BY d.id)
           FROM designs d WHERE d.product_id = i.product_id) AS designs,
        (SELECT json_agg(f.print_space ORDER BY f.id) FROM order_item_files f
          WHERE f.order_item_id = i.id AND f.source = 'designer') AS designer_files
       FROM order_items i
       JOIN orders o ON o.id = i.order_id AND o.seller_id = $2
       LEFT JOIN products p ON p.id = i.product_id AND p.seller_id = i.seller_id
      WHERE i.order_id = $1 AND i.status <> 'cancelled'
      ORDER BY i.id`,
    [order.id, order.sellerId],
  );
}

export interface ItemFileInput {
  itemId: number;
  orderId: number;
  sellerId: number;
  printSpace: string;
  fileUrl: string;
  width: number | null;
  height: number | null;
  source: 'rendered' | 'designer';
  createdBy: number | null;
}

/** Stores an item's file for a print space, replacing the one it had. */
export async function upsertItemFile(db: Queryable, file: ItemFileInput): Promise<void> {
  await db.query(
    `INSERT INTO order_item_files (order_item_id, order_id, seller_id, print_space, file_url,
        width, height, source, created_by)
     SELECT i.id, i.order_id, o.seller_id, $4, $5, $6, $7, $8, $9
       FROM order_items i JOIN orders o ON o.id = i.order_id
      WHERE i.id = $1 AND i.order_id = $2 AND o.seller_id = $3
     ON CONFLICT (order_item_id, print_space) DO UPDATE SET file_url = EXCLUDED.file_url,
        width = EXCLUDED.width, height = EXCLUDED.height, source = EXCLUDED.source,
        created_by = EXCLUDED.created_by, created_at = now()`,
    [
      file.itemId,
      file.orderId,
      file.sellerId,
      file.printSpace,
      file.fileUrl,
      file.width,
      file.height,
      file.source,
      file.createdBy,
    ],
  );
}
