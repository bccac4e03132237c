import type {
  ArtworkField,
  BuyerArtwork,
  PersonalizationLibrary,
  PrintSpaceDesign,
} from '@printloom/core';
import { readDesignJson } from '@printloom/core';
import type { Queryable } from '../db/Db.js';

/**
 * What the storefront reads to let a buyer personalise a product (issue 16): the campaign's
 * artworks, the seller's fonts and cliparts they offer, and the saved design the preview draws.
 * Every statement is scoped by the seller id.
 */

/** The artworks of a campaign, by print space. */
export async function campaignArtworks(
  db: Queryable,
  sellerId: number,
  campaignId: number,
): Promise<BuyerArtwork[]> {
  return db.query<{ print_space: string; fields: ArtworkField[] }>(
    `SELECT print_space, fields FROM artworks WHERE seller_id = $1 AND campaign_id = $2
      ORDER BY print_space`,
    [sellerId, campaignId],
  );
}

/** The artworks of several campaigns (a cart), keyed by campaign id. */
export async function campaignsArtworks(
  db: Queryable,
  sellerId: number,
  campaignIds: readonly number[],
): Promise<Map<number, BuyerArtwork[]>> {
  const rows = await db.query<{ campaign_id: number; print_space: string; fields: ArtworkField[] }>(
    `SELECT campaign_id, print_space, fields FROM artworks
      WHERE seller_id = $1 AND campaign_id = ANY($2::bigint[]) ORDER BY campaign_id, print_space`,
    [sellerId, campaignIds],
  );
  const out = new Map<number, BuyerArtwork[]>();
  for (const row of rows) {
    const id = Number(row.campaign_id);
    out.set(id, [...(out.get(id) ?? []), { print_space: row.print_space, fields: row.fields }]);
  }
  return out;
}

/** The seller's fonts and the cliparts of the groups the artworks' fields offer. */
export async function personalizationLibrary(
  db: Queryable,
  sellerId: number,
  artworks: readonly BuyerArtwork[],
): Promise<PersonalizationLibrary> {
  const fontIds = new Set<number>();
  const groupIds = new Set<number>();
  for (const field of artworks.flatMap((a) => a.fields)) {
    if (field.kind === 'text') for (const id of field.font_ids) fontIds.add(id);
    else groupIds.add(field.group_id);
  }
  const fonts =
    fontIds.size === 0
      ? []
      : await db.query<{ id: number; full_name: string; file_url: string }>(
          `SELECT id, full_name, file_url FROM seller_fonts
            WHERE seller_id = $1 AND id = ANY($2::bigint[])`,
          [sellerId, [...fontIds]],
        );
  const cliparts =
    groupIds.size === 0
      ? []
      : await db.query<{
          id: number;
          group_id: number;
          name: string;
          file_url: string;
          width: number;
          height: number;
        }>(
          `SELECT id, group_id, name, file_url, width, height FROM cliparts
            WHERE seller_id = $1 AND group_id = ANY($2::bigint[]) ORDER BY group_id, id`,
          [sellerId, [...groupIds]],
        );
  return {
    fonts: new Map(
      fonts.map((f) => [Number(f.id), { full_name: f.full_name, file_url: f.file_url }]),
    ),
    cliparts: new Map(
      cliparts.map((c) => [
        Number(c.id),
        {
          group_id: Number(c.group_id),
          name: c.name,
          file_url: c.file_url,
          width: c.width,
          height: c.height,
        },
      ]),
    ),
  };
}

/** The campaign's saved design on a print space (the first one saved), or null. */
export async function campaignPrintSpaceDesign(
  db: Queryable,
  sellerId: number,
  campaignId: number,
  printSpace: string,
): Promise<PrintSpaceDesign | null> {
  const [row] = await db.query<{ design_json: string | null }>(
    `SELECT d.design_json FROM designs d JOIN campaigns c ON c.id = d.campaign_id
      WHERE d.campaign_id = $1 AND c.seller_id = $2 AND d.print_space = $3
        AND d.design_json IS NOT NULL
      ORDER BY d.id LIMIT 1`,
    [campaignId, sellerId, printSpace],
  );
  return readDesignJson(row?.design_json ?? null);
}

/** The id of an active campaign the store lists, by its address name (as the product page). */
export async function listedCampaignId(
  db: Queryable,
  store: { id: number; seller_id: number },
  name: string,
): Promise<number | null> {
  const byId = /^campaign-(\d{1,15})$/.exec(name);
  const [row] = await db.query<{ id: number }>(
    `SELECT c.id FROM campaigns c
       JOIN store_campaigns sc ON sc.campaign_id = c.id AND sc.store_id = $1
      WHERE c.seller_id = $2 AND c.status = 'active' AND c.deleted_at IS NULL
        AND ${byId ? "(c.id = $3 AND COALESCE(c.slug, '') = '')" : 'c.slug = $3'}
      ORDER BY c.id LIMIT 1`,
    [store.id, store.seller_id, byId ? Number(byId[1]) : name],
  );
  return row ? Number(row.id) : null;
}
