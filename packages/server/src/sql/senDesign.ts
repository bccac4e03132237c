/**
 * SEN Design (issue 13): order items in `designing` of one seller, their claims (migration 033:
 * order_items.designer_id, claimed_at) and the designer files stored on them.
 *
 * The queue is the line's: `order_items.seller_id` is whose campaign the line is, so a line
 * cross-sold from another seller's campaign (migration 045) waits in its owner's queue while the
 * order stays the store seller's (`order_seller_id`). The select reads nothing of the buyer.
 */
import { SEN_DESIGN_QUEUE_MAX } from '@printloom/core';
import type { Queryable } from '../db/Db.js';

export interface SenDesignRow {
  item_id: number;
  order_id: number;
  order_number: string;
  name: string;
  color: string;
  size: string;
  quantity: number;
  status: string;
  mockup_url: string | null;
  print_spaces: string | null;
  designer_id: number | null;
  designer_name: string | null;
  claimed_at: Date | null;
  files: { print_space: string; file_url: string }[] | null;
  created_at: Date;
  /** The order's seller: the line's own seller, or the store seller of a cross-sold line. */
  order_seller_id: number;
}

const SELECT = `SELECT i.id AS item_id, i.order_id, o.order_number, i.name, i.color, i.size,
    i.quantity, i.status, p.print_spaces, i.designer_id, u.name AS designer_name, i.claimed_at,
    o.created_at, o.seller_id AS order_seller_id,
    (SELECT m.file_url FROM mockups m WHERE m.product_id = i.product_id
      ORDER BY m.is_default DESC, m.id LIMIT 1) AS mockup_url,
    (SELECT json_agg(json_build_object('print_space', f.print_space, 'file_url', f.file_url)
            ORDER BY f.id)
       FROM order_item_files f WHERE f.order_item_id = i.id) AS files
   FROM order_items i
   JOIN orders o ON o.id = i.order_id
   LEFT JOIN products p ON p.id = i.product_id AND p.seller_id = i.seller_id
   LEFT JOIN users u ON u.id = i.designer_id`;

/**
 * Lines whose order was placed in one of `storeIds` (a store-limited session); null for every
 * store. A cross-sold line's order is in the store seller's store, never one of the owner's, so
 * a store-limited member of the owner does not see it.
 */
const IN_STORES = '($2::bigint[] IS NULL OR o.store_id = ANY($2::bigint[]))';

/** The seller's items waiting on a designer, oldest order first; of `storeIds` when given. */
export async function senDesignQueue(
  db: Queryable,
  sellerId: number,
  storeIds: readonly number[] | null,
): Promise<SenDesignRow[]> {
  return db.query<SenDesignRow>(
    `${SELECT} WHERE i.seller_id = $1 AND ${IN_STORES} AND i.status = 'designing'
      ORDER BY i.order_id, i.id LIMIT ${SEN_DESIGN_QUEUE_MAX}`,
    [sellerId, storeIds ? [...storeIds] : null],
  );
}

/**
 * One item of the seller (any status) in `storeIds` (null: every store), locked with its row
 * when `lock`.
 */
export async function senDesignItem(
  db: Queryable,
  sellerId: number,
  storeIds: readonly number[] | null,
  itemId: number,
  lock = false,
): Promise<SenDesignRow | undefined> {
  const [row] = await db.query<SenDesignRow>(
    `${SELECT} WHERE i.seller_id = $1 AND ${IN_STORES} AND i.id = $3
      ${lock ? 'FOR UPDATE OF i' : ''}`,
    [sellerId, storeIds ? [...storeIds] : null, itemId],
  );
  return row;
}

export async function claimItem(
  db: Queryable,
  sellerId: number,
  itemId: number,
  designerId: number,
): Promise<void> {
  await db.query(
    `UPDATE order_items SET designer_id = $3, claimed_at = now()
      WHERE seller_id = $1 AND id = $2`,
    [sellerId, itemId, designerId],
  );
}

/**
 * Designing items of an order (scoped by the order's seller) that have no designer file yet:
 * every line, or only the lines of `lineSellerId` (one side of a cross-sold order).
 */
export async function itemsMissingFiles(
  db: Queryable,
  orderSellerId: number,
  orderId: number,
  lineSellerId: number | null = null,
): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `SELECT i.id FROM order_items i
       JOIN orders o ON o.id = i.order_id AND o.seller_id = $1
      WHERE i.order_id = $2 AND i.status = 'designing'
        AND ($3::bigint IS NULL OR i.seller_id = $3::bigint)
        AND NOT EXISTS (SELECT 1 FROM order_item_files f
                         WHERE f.order_item_id = i.id AND f.source = 'designer')
      ORDER BY i.id`,
    [orderSellerId, orderId, lineSellerId],
  );
  return rows.map((r) => Number(r.id));
}
