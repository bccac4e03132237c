import { UNFINISHED_BULK_STATUSES } from '@printloom/core';
import type { Queryable } from '../db/Db.js';
import { type CampaignRow, copyCampaign } from './campaigns.js';

/**
 * Launch, deactivate, duplicate and delete (soft: `deleted_at`, migration 015). Each verb takes
 * the seller id and touches only that seller's live campaigns.
 */

/** The seller's live campaign, locked until the transaction ends; undefined when there is none. */
export async function lockCampaign(
  tx: Queryable,
  sellerId: number,
  id: number,
): Promise<CampaignRow | undefined> {
  return (
    await tx.query<CampaignRow>(
      'SELECT * FROM campaigns WHERE id = $1 AND seller_id = $2 AND deleted_at IS NULL FOR UPDATE',
      [id, sellerId],
    )
  )[0];
}

export async function setCampaignStatus(
  tx: Queryable,
  sellerId: number,
  id: number,
  status: 'active' | 'inactive',
): Promise<void> {
  await tx.query(
    `UPDATE campaigns SET status = $3, updated_at = now(),
       launched_at = CASE WHEN $3 = 'active' THEN COALESCE(launched_at, now()) ELSE launched_at END
     WHERE id = $1 AND seller_id = $2 AND deleted_at IS NULL`,
    [id, sellerId, status],
  );
}

/** How many products the campaign has, and the names of those with no design on any print space. */
export async function campaignDesignCoverage(
  tx: Queryable,
  campaignId: number,
): Promise<{ products: number; withoutDesign: string[] }> {
  const rows = await tx.query<{ name: string; has_design: boolean }>(
    `SELECT COALESCE(p.name, t.name) AS name,
            EXISTS (
              SELECT 1 FROM designs d
              WHERE d.campaign_id = p.campaign_id
                AND (d.product_id = p.id OR d.product_id IS NULL)
                AND (d.file_url IS NOT NULL OR d.design_json IS NOT NULL)
            ) AS has_design
     FROM products p JOIN product_templates t ON t.id = p.template_id
     WHERE p.campaign_id = $1 ORDER BY p.id`,
    [campaignId],
  );
  return {
    products: rows.length,
    withoutDesign: rows.filter((row) => !row.has_design).map((row) => row.name),
  };
}

/**
 * How many bulk rows and regular bulk jobs of the seller still need the campaign: as their
 * template, or (regular jobs) as the campaign they are filling.
 */
export async function unfinishedBulkUses(
  tx: Queryable,
  sellerId: number,
  campaignId: number,
): Promise<number> {
  const [row] = await tx.query<{ n: number }>(
    `SELECT (
       SELECT count(*) FROM bulk_rows
       WHERE seller_id = $1 AND template_campaign_id = $2 AND status = ANY($3::text[])
     ) + (
       SELECT count(*) FROM bulk_regular_jobs
       WHERE seller_id = $1 AND (template_campaign_id = $2 OR campaign_id = $2)
         AND status = ANY($3::text[])
     ) AS n`,
    [sellerId, campaignId, [...UNFINISHED_BULK_STATUSES]],
  );
  return Number(row?.n ?? 0);
}

/**
 * Marks the campaign deleted: it leaves every list and lookup, its rows stay for history. The
 * stores and collections that showed it stop showing it, as a hard delete would have cascaded.
 */
export async function softDeleteCampaign(
  tx: Queryable,
  sellerId: number,
  id: number,
): Promise<void> {
  await tx.query(
    `UPDATE campaigns SET deleted_at = now(), status = 'inactive', updated_at = now()
     WHERE id = $1 AND seller_id = $2 AND deleted_at IS NULL`,
    [id, sellerId],
  );
  await tx.query('DELETE FROM store_campaigns WHERE seller_id = $1 AND campaign_id = $2', [
    sellerId,
    id,
  ]);
  await tx.query('DELETE FROM collection_campaigns WHERE seller_id = $1 AND campaign_id = $2', [
    sellerId,
    id,
  ]);
}

/** `base`, or `base-2`, `base-3`... : the first slug none of the seller's live campaigns has. */
export async function freeSlug(tx: Queryable, sellerId: number, base: string): Promise<string> {
  const taken = new Set(
    (
      await tx.query<{ slug: string }>(
        `SELECT slug FROM campaigns
         WHERE seller_id = $1 AND deleted_at IS NULL AND (slug = $2 OR slug LIKE $3)`,
        [sellerId, base, `${base}-%`],
      )
    ).map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

/**
 * A slug for a copy that none of the seller's live campaigns has: the source's slug (or
 * `campaign-<id>` when it has none) followed by `suffix`, then `-2`, `-3`...
 */
export function copySlug(
  tx: Queryable,
  sellerId: number,
  source: CampaignRow,
  suffix: string,
): Promise<string> {
  return freeSlug(tx, sellerId, `${source.slug || `campaign-${source.id}`}${suffix}`);
}

/**
 * Copies a campaign with its products (prices and options), designs and mockups into a new
 * draft of the same seller named "<name><suffix>"; returns the new id.
 */
export async function duplicateCampaign(
  tx: Queryable,
  sellerId: number,
  source: CampaignRow,
  nameSuffix: string,
): Promise<number> {
  return copyCampaignDraft(tx, sellerId, source, {
    name: `${source.name}${nameSuffix}`,
    slug: await copySlug(tx, sellerId, source, '-copy'),
    productType: source.product_type,
  });
}

/**
 * Copies a campaign with its products, designs and mockups into a new draft of the same seller
 * with the given name, slug and product type (a template from a campaign, a campaign from a
 * template); returns the new id.
 */
export async function copyCampaignDraft(
  tx: Queryable,
  sellerId: number,
  source: CampaignRow,
  fields: { name: string; slug: string; productType: string },
): Promise<number> {
  const { id, productIds } = await copyCampaign(tx, sellerId, source.id, {
    name: fields.name,
    slug: fields.slug,
    source: null,
    status: 'draft',
    productType: fields.productType,
  });
  const pairs = [...productIds.entries()];
  const fromIds = pairs.map(([from]) => from);
  const toIds = pairs.map(([, to]) => to);
  await tx.query(
    `INSERT INTO designs (campaign_id, product_id, print_space, design_json, file_url, option)
     SELECT $2, map.to_id, d.print_space, d.design_json, d.file_url, d.option
     FROM designs d
     LEFT JOIN unnest($3::bigint[], $4::bigint[]) AS map(from_id, to_id) ON map.from_id = d.product_id
     WHERE d.campaign_id = $1 AND (d.product_id IS NULL OR map.to_id IS NOT NULL)
     ORDER BY d.id`,
    [source.id, id, fromIds, toIds],
  );
  const mockups = await tx.query<{ id: number; product_id: number; is_default: boolean }>(
    `INSERT INTO mockups (campaign_id, product_id, mockup_template_id, print_space, file_url, is_default)
     SELECT $2, map.to_id, m.mockup_template_id, m.print_space, m.file_url, m.is_default
     FROM mockups m
     JOIN unnest($3::bigint[], $4::bigint[]) AS map(from_id, to_id) ON map.from_id = m.product_id
     WHERE m.campaign_id = $1
     ORDER BY m.id
     RETURNING id, product_id, is_default`,
    [source.id, id, fromIds, toIds],
  );
  for (const mockup of mockups.filter((m) => m.is_default)) {
    await tx.query(
      'UPDATE products SET default_mockup_id = $2 WHERE id = $1 AND campaign_id = $3',
      [mockup.product_id, mockup.id, id],
    );
  }
  await tx.query('UPDATE campaigns SET thumb_url = $2 WHERE id = $1', [id, source.thumb_url]);
  return id;
}
