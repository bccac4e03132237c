import type { CustomMockup, CustomMockupBody } from '@printloom/core';
import type { Queryable } from '../db/Db.js';

/** Custom mockups (migration 039): a seller's photo with its print area, in photo pixels. */
interface CustomMockupRow {
  id: number | string;
  name: string;
  file_url: string;
  width: number;
  height: number;
  area_x: number;
  area_y: number;
  area_width: number;
  area_height: number;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `id, name, file_url, width, height, area_x, area_y, area_width, area_height,
  created_at, updated_at`;

function view(row: CustomMockupRow): CustomMockup {
  return {
    id: Number(row.id),
    name: row.name,
    file_url: row.file_url,
    width: row.width,
    height: row.height,
    print_area: { x: row.area_x, y: row.area_y, width: row.area_width, height: row.area_height },
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

const values = (body: CustomMockupBody) => [
  body.name,
  body.file_url,
  body.width,
  body.height,
  body.print_area.x,
  body.print_area.y,
  body.print_area.width,
  body.print_area.height,
];

/** The seller's custom mockups, newest first, at most `limit`; `q` matches the name. */
export async function listCustomMockups(
  db: Queryable,
  sellerId: number,
  q: string | undefined,
  limit: number,
): Promise<CustomMockup[]> {
  const rows = await db.query<CustomMockupRow>(
    `SELECT ${COLUMNS} FROM custom_mockups
      WHERE seller_id = $1 AND ($2::text IS NULL OR name ILIKE '%' || $2 || '%')
      ORDER BY id DESC LIMIT $3`,
    [sellerId, q || null, limit],
  );
  return rows.map(view);
}

export async function getCustomMockup(
  db: Queryable,
  sellerId: number,
  id: number,
): Promise<CustomMockup | undefined> {
  const [row] = await db.query<CustomMockupRow>(
    `SELECT ${COLUMNS} FROM custom_mockups WHERE id = $1 AND seller_id = $2`,
    [id, sellerId],
  );
  return row && view(row);
}

export async function insertCustomMockup(
  db: Queryable,
  sellerId: number,
  body: CustomMockupBody,
): Promise<CustomMockup> {
  const [row] = await db.query<CustomMockupRow>(
    `INSERT INTO custom_mockups
       (seller_id, name, file_url, width, height, area_x, area_y, area_width, area_height)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${COLUMNS}`,
    [sellerId, ...values(body)],
  );
  return view(row!);
}

/** Replaces the mockup's fields; undefined when the seller has no such mockup. */
export async function updateCustomMockup(
  db: Queryable,
  sellerId: number,
  id: number,
  body: CustomMockupBody,
): Promise<CustomMockup | undefined> {
  const [row] = await db.query<CustomMockupRow>(
    `UPDATE custom_mockups SET name = $3, file_url = $4, width = $5, height = $6, area_x = $7,
        area_y = $8, area_width = $9, area_height = $10, updated_at = now()
      WHERE id = $1 AND seller_id = $2 RETURNING ${COLUMNS}`,
    [id, sellerId, ...values(body)],
  );
  return row && view(row);
}

export async function deleteCustomMockup(
  db: Queryable,
  sellerId: number,
  id: number,
): Promise<boolean> {
  const rows = await db.query(
    'DELETE FROM custom_mockups WHERE id = $1 AND seller_id = $2 RETURNING id',
    [id, sellerId],
  );
  return rows.length > 0;
}
