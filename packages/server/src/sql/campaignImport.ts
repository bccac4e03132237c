import type { CampaignExportItemInput } from '@printloom/core';
import type { Queryable } from '../db/Db.js';

/**
 * Campaign export and import (migration 038). Every verb takes the seller id and reads or
 * writes only that seller's live campaigns.
 */

interface ExportCampaignRow {
  id: number;
  name: string;
  slug: string | null;
  product_type: string;
  system_type: string;
  niche: string | null;
  collection: string | null;
  artwork_url: string | null;
  import_source: string | null;
}

interface ExportProductRow {
  id: number;
  campaign_id: number;
  template_id: number;
  options: Record<string, string[]> | null;
  default_option: string | null;
  price: number | string | null;
}

interface ExportDesignRow {
  product_id: number;
  print_space: string;
  design_json: string | null;
  file_url: string | null;
  option: string | null;
}

interface ExportMockupRow {
  product_id: number;
  print_space: string;
  file_url: string;
  mockup_template_id: number | null;
  is_default: boolean;
}

/**
 * The seller's campaigns as export entries: the given ids (those that are the seller's), or the
 * newest `limit` when `ids` is null. Designs that belong to no product are not exported.
 */
export async function exportCampaigns(
  db: Queryable,
  sellerId: number,
  ids: readonly number[] | null,
  limit: number,
): Promise<CampaignExportItemInput[]> {
  const campaigns = await db.query<ExportCampaignRow>(
    `SELECT id, name, slug, product_type, system_type, niche, collection, artwork_url, import_source
     FROM campaigns
     WHERE seller_id = $1 AND deleted_at IS NULL AND ($2::bigint[] IS NULL OR id = ANY($2::bigint[]))
     ORDER BY id DESC LIMIT $3`,
    [sellerId, ids === null ? null : [...ids], limit],
  );
  if (campaigns.length === 0) return [];
  const campaignIds = campaigns.map((c) => Number(c.id));
  const products = await db.query<ExportProductRow>(
    `SELECT id, campaign_id, template_id, options, default_option, price FROM products
     WHERE campaign_id = ANY($1::bigint[]) AND seller_id = $2 ORDER BY id`,
    [campaignIds, sellerId],
  );
  const productIds = products.map((p) => Number(p.id));
  const designs = await db.query<ExportDesignRow>(
    `SELECT product_id, print_space, design_json, file_url, option FROM designs
     WHERE product_id = ANY($1::bigint[]) ORDER BY id`,
    [productIds],
  );
  const mockups = await db.query<ExportMockupRow>(
    `SELECT product_id, print_space, file_url, mockup_template_id, is_default FROM mockups
     WHERE product_id = ANY($1::bigint[]) ORDER BY id`,
    [productIds],
  );
  return campaigns.map((c) => ({
    source_id: c.import_source ?? `campaign:${c.id}`,
    name: c.name,
    slug: c.slug,
    product_type: c.product_type as CampaignExportItemInput['product_type'],
    system_type: c.system_type as CampaignExportItemInput['system_type'],
    niche: c.niche as CampaignExportItemInput['niche'],
    collection: c.collection,
    artwork_url: c.artwork_url,
    products: products
      .filter((p) => Number(p.campaign_id) === Number(c.id))
      .map((p) => ({
        template_id: Number(p.template_id),
        ...(p.options ? { options: p.options } : {}),
        default_option: p.default_option,
        price: p.price === null ? null : Number(p.price),
        designs: designs
          .filter((d) => Number(d.product_id) === Number(p.id))
          .map((d) => ({
            print_space: d.print_space,
            design_json: d.design_json,
            file_url: d.file_url,
            ...(d.option === 'custom' || d.option === 'print' ? { option: d.option } : {}),
          })),
        mockups: mockups
          .filter((m) => Number(m.product_id) === Number(p.id))
          .map((m) => ({
            print_space: m.print_space,
            file_url: m.file_url,
            mockup_template_id: m.mockup_template_id === null ? null : Number(m.mockup_template_id),
            is_default: m.is_default,
          })),
      })),
  }));
}

/** The seller's live campaign imported from `source`, if any. */
export async function campaignImportedFrom(
  db: Queryable,
  sellerId: number,
  source: string,
): Promise<number | undefined> {
  const [row] = await db.query<{ id: number }>(
    `SELECT id FROM campaigns
     WHERE seller_id = $1 AND import_source = $2 AND deleted_at IS NULL`,
    [sellerId, source],
  );
  return row ? Number(row.id) : undefined;
}

/** Marks a new campaign as imported from `source` (unique per seller: a race fails here). */
export async function setImportSource(
  db: Queryable,
  sellerId: number,
  id: number,
  source: string,
): Promise<void> {
  await db.query('UPDATE campaigns SET import_source = $3 WHERE id = $1 AND seller_id = $2', [
    id,
    sellerId,
    source,
  ]);
}

/** A campaign's product ids in the order they were added. */
export async function campaignProductIds(db: Queryable, campaignId: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    'SELECT id FROM products WHERE campaign_id = $1 ORDER BY id',
    [campaignId],
  );
  return rows.map((row) => Number(row.id));
}
