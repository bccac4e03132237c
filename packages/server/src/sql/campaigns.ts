import type {
  CampaignCreateBody,
  CampaignListQuery,
  CampaignMockupInput,
  CampaignProductInput,
  CampaignProductUpdate,
  CampaignUpdateBody,
} from '@printloom/core';
import {
  type Colour,
  NICHES,
  type Niche,
  type ProductVariant,
  variantSizes,
} from '@printloom/core';
import type { Queryable } from '../db/Db.js';
import { containsPattern, orderBy, selectPage, Where } from './listQuery.js';
import { templateDetails } from './templates.js';

export interface CampaignRow {
  id: number;
  seller_id: number;
  name: string;
  slug: string | null;
  status: string;
  product_type: string;
  system_type: string;
  artwork_url: string | null;
  thumb_url: string | null;
  collection: string | null;
  personalized: number | null;
  niche: string | null;
  /** A combo's set price in minor units (migration 051). */
  bundle_price: number | null;
  created_at: Date;
  updated_at: Date;
}

const nicheValues = new Set<string>(NICHES);
const nicheOf = (value: string | null): Niche | null =>
  value !== null && nicheValues.has(value) ? (value as Niche) : null;

interface ProductRow {
  id: number;
  campaign_id: number;
  template_id: number;
  name: string | null;
  print_spaces: string;
  full_printed: number;
  options: Record<string, string[]>;
  default_option: string | null;
  default_mockup_id: number | null;
  personalized: number;
  mockup_type: string;
  price: number | null;
}

interface DesignRow {
  id: number;
  product_id: number | null;
  print_space: string;
  design_json: string | null;
  file_url: string | null;
  option: string | null;
}

interface MockupRow {
  id: number;
  product_id: number;
  print_space: string;
  file_url: string;
  mockup_template_id: number | null;
}

export function campaignView(row: CampaignRow) {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    status: row.status,
    product_type: row.product_type,
    system_type: row.system_type,
    artwork_url: row.artwork_url,
    thumb_url: row.thumb_url,
    collection: row.collection,
    personalized: row.personalized,
    niche: nicheOf(row.niche),
    bundle_price: row.bundle_price === null ? null : Number(row.bundle_price),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const ORDER_COLUMNS = new Set(['id', 'name', 'created_at', 'updated_at', 'status']);

/** One page of a seller's campaigns with the list query of spec §3/§7; `range` from `time`. */
export async function listCampaigns(
  db: Queryable,
  sellerId: number,
  query: CampaignListQuery,
  range: { from: string | null; to: string } | null,
): Promise<{ rows: CampaignRow[]; counted: number }> {
  const where = new Where().add('seller_id = ? AND deleted_at IS NULL', sellerId).add(
    'product_type = ANY(?::text[])',
    query.product_type.split(',').map((s) => s.trim()),
  );
  if (query.q) where.add('(name ILIKE ? OR slug ILIKE ?)', containsPattern(query.q));
  if (query.status) where.add('status = ?', query.status);
  if (query.system_type) where.add('system_type = ?', query.system_type);
  if (query.niche) where.add('niche = ?', query.niche);
  where.createdIn('created_at', range);
  return selectPage<CampaignRow>(
    db,
    {
      from: 'campaigns',
      select: 'SELECT * FROM campaigns',
      orderBy: orderBy(query.order_by, ORDER_COLUMNS),
    },
    where,
    query,
  );
}

export async function getCampaignRow(
  db: Queryable,
  sellerId: number,
  id: number,
): Promise<CampaignRow | undefined> {
  return (
    await db.query<CampaignRow>(
      'SELECT * FROM campaigns WHERE id = $1 AND seller_id = $2 AND deleted_at IS NULL',
      [id, sellerId],
    )
  )[0];
}

/** Whether the campaign exists and is the seller's. */
export async function isSellerCampaign(
  db: Queryable,
  sellerId: number,
  id: number,
): Promise<boolean> {
  const rows = await db.query(
    'SELECT id FROM campaigns WHERE id = $1 AND seller_id = $2 AND deleted_at IS NULL',
    [id, sellerId],
  );
  return rows.length > 0;
}

/** A campaign with its products, each with its designs and mockups. */
export async function getCampaignFull(db: Queryable, sellerId: number, id: number) {
  const row = await getCampaignRow(db, sellerId, id);
  if (!row) return undefined;
  const products = await db.query<ProductRow>(
    'SELECT * FROM products WHERE campaign_id = $1 ORDER BY id',
    [id],
  );
  const designs = await db.query<DesignRow>(
    'SELECT * FROM designs WHERE campaign_id = $1 ORDER BY id',
    [id],
  );
  const mockups = await db.query<MockupRow>(
    'SELECT * FROM mockups WHERE campaign_id = $1 ORDER BY id',
    [id],
  );
  const designView = (d: DesignRow) => ({
    id: d.id,
    product_id: d.product_id,
    print_space: d.print_space,
    design_json: d.design_json,
    file_url: d.file_url,
    ...(d.option === 'custom' || d.option === 'print' ? { option: d.option } : {}),
  });
  const details = await templateDetails(db, [...new Set(products.map((p) => p.template_id))]);
  return {
    ...campaignView(row),
    products: products.map((p) => ({
      ...productOffer(p, details.variants.get(Number(p.template_id)) ?? []),
      id: p.id,
      template_id: p.template_id,
      campaign_id: p.campaign_id,
      name: p.name ?? undefined,
      print_spaces: p.print_spaces,
      full_printed: p.full_printed,
      options: p.options,
      default_option: p.default_option,
      default_mockup_id: p.default_mockup_id,
      personalized: p.personalized,
      mockup_type: p.mockup_type,
      ...(p.price !== null ? { price: p.price } : {}),
      designs: designs.filter((d) => d.product_id === p.id).map(designView),
      mockups: mockups
        .filter((m) => m.product_id === p.id)
        .map((m) => ({
          id: m.id,
          product_id: m.product_id,
          print_space: m.print_space,
          file_url: m.file_url,
        })),
    })),
    designs: designs.map(designView),
  };
}

/**
 * The colours, sizes and variants a campaign product is sold in: its template's variants,
 * narrowed to the colours and sizes of the product's options when it lists them.
 */
export function productOffer(
  product: Pick<ProductRow, 'options'>,
  templateVariants: readonly ProductVariant[],
): { colors: Colour[]; sizes: string[]; variants: ProductVariant[] } {
  const colorNames = product.options.color?.length
    ? new Set(product.options.color.map((c) => c.toLowerCase()))
    : undefined;
  const sizeNames = product.options.size?.length ? new Set(product.options.size) : undefined;
  const variants = templateVariants.filter(
    (v) =>
      (!colorNames || colorNames.has(v.color.name.toLowerCase())) &&
      (!sizeNames || sizeNames.has(v.size)),
  );
  const colors = new Map<string, Colour>();
  for (const v of variants) colors.set(v.color.name, v.color);
  return { colors: [...colors.values()], sizes: variantSizes(variants), variants };
}

interface TemplateRow {
  id: number;
  name: string;
  full_printed: number;
  mockup_type: string;
  options: Record<string, string[]>;
  print_spaces: unknown[];
}

export async function insertCampaign(
  db: Queryable,
  sellerId: number,
  body: CampaignCreateBody,
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO campaigns (seller_id, name, slug, system_type, product_type, artwork_url, collection, niche, bundle_price)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      sellerId,
      body.name,
      body.slug ?? null,
      body.system_type,
      body.product_type,
      body.artwork_url ?? null,
      body.collection ?? null,
      body.niche ?? null,
      body.bundle_price ?? null,
    ],
  );
  if (!row) throw new Error('insertCampaign returned no row');
  for (const product of body.products) await insertProduct(db, sellerId, row.id, product);
  return row.id;
}

/** Adds a product made from its catalog template to a campaign. */
async function insertProduct(
  db: Queryable,
  sellerId: number,
  campaignId: number,
  product: CampaignProductInput,
): Promise<void> {
  const [template] = await db.query<TemplateRow>('SELECT * FROM product_templates WHERE id = $1', [
    product.template_id,
  ]);
  if (!template) throw new TemplateMissingError(product.template_id);
  await db.query(
    `INSERT INTO products (campaign_id, seller_id, template_id, name, print_spaces, full_printed, options, default_option, mockup_type, price)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      campaignId,
      sellerId,
      template.id,
      template.name,
      JSON.stringify(template.print_spaces),
      template.full_printed,
      JSON.stringify(product.options ?? template.options),
      product.default_option ?? null,
      template.mockup_type,
      product.price ?? null,
    ],
  );
}

/** A product the update names that the campaign does not have, or with another template. */
export class ProductMismatchError extends Error {}

/**
 * Makes a campaign's products the given list: products with an id are updated (price, options),
 * products without one are added from their template, and products left out are removed with
 * their designs and mockups.
 */
async function syncProducts(
  db: Queryable,
  sellerId: number,
  campaignId: number,
  products: readonly CampaignProductUpdate[],
): Promise<void> {
  const existing = await db.query<{ id: number; template_id: number }>(
    'SELECT id, template_id FROM products WHERE campaign_id = $1',
    [campaignId],
  );
  const byId = new Map(existing.map((p) => [Number(p.id), Number(p.template_id)]));
  const kept = new Set<number>();
  for (const product of products) {
    if (product.id === undefined) continue;
    const templateId = byId.get(product.id);
    if (templateId === undefined)
      throw new ProductMismatchError(`Product ${product.id} is not in this campaign`);
    if (templateId !== product.template_id)
      throw new ProductMismatchError(
        `Product ${product.id} is made from template ${templateId}, not ${product.template_id}`,
      );
    kept.add(product.id);
  }
  const removed = [...byId.keys()].filter((id) => !kept.has(id));
  if (removed.length > 0) {
    await db.query('DELETE FROM products WHERE campaign_id = $1 AND id = ANY($2::bigint[])', [
      campaignId,
      removed,
    ]);
  }
  for (const product of products) {
    if (product.id === undefined) {
      await insertProduct(db, sellerId, campaignId, product);
      continue;
    }
    await db.query(
      `UPDATE products SET price = COALESCE($3, price),
         options = COALESCE($4::jsonb, options),
         default_option = COALESCE($5, default_option)
       WHERE id = $1 AND campaign_id = $2`,
      [
        product.id,
        campaignId,
        product.price ?? null,
        product.options ? JSON.stringify(product.options) : null,
        product.default_option ?? null,
      ],
    );
  }
}

/**
 * Stores rendered mockups: each replaces the one of its product, print space and mockup
 * template. The default mockup becomes the product's default and the campaign's thumb.
 */
export async function saveMockups(
  db: Queryable,
  campaignId: number,
  mockups: readonly CampaignMockupInput[],
): Promise<void> {
  for (const mockup of mockups) {
    const owned = await db.query('SELECT id FROM products WHERE id = $1 AND campaign_id = $2', [
      mockup.product_id,
      campaignId,
    ]);
    if (owned.length === 0)
      throw new ProductMismatchError(`Product ${mockup.product_id} is not in this campaign`);
    await db.query(
      `DELETE FROM mockups WHERE campaign_id = $1 AND product_id = $2 AND print_space = $3
       AND mockup_template_id IS NOT DISTINCT FROM $4`,
      [campaignId, mockup.product_id, mockup.print_space, mockup.mockup_template_id ?? null],
    );
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO mockups (campaign_id, product_id, mockup_template_id, print_space, file_url, is_default)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [
        campaignId,
        mockup.product_id,
        mockup.mockup_template_id ?? null,
        mockup.print_space,
        mockup.file_url,
        mockup.is_default,
      ],
    );
    if (mockup.is_default && row) {
      await db.query('UPDATE products SET default_mockup_id = $2 WHERE id = $1', [
        mockup.product_id,
        row.id,
      ]);
      await db.query('UPDATE campaigns SET thumb_url = $2 WHERE id = $1', [
        campaignId,
        mockup.file_url,
      ]);
    }
  }
}

export class TemplateMissingError extends Error {
  constructor(readonly templateId: number) {
    super(`Product template ${templateId} does not exist`);
  }
}

export async function updateCampaign(
  db: Queryable,
  sellerId: number,
  id: number,
  body: CampaignUpdateBody,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE campaigns SET name = COALESCE($3, name), slug = COALESCE($4, slug),
       status = COALESCE($5, status), artwork_url = COALESCE($6, artwork_url),
       collection = COALESCE($7, collection),
       niche = CASE WHEN $8::boolean THEN $9 ELSE niche END,
       bundle_price = CASE WHEN $10::boolean THEN $11::bigint ELSE bundle_price END,
       updated_at = now()
     WHERE id = $1 AND seller_id = $2 AND deleted_at IS NULL RETURNING id`,
    [
      id,
      sellerId,
      body.name ?? null,
      body.slug ?? null,
      body.status ?? null,
      body.artwork_url ?? null,
      body.collection ?? null,
      body.niche !== undefined,
      body.niche ?? null,
      body.bundle_price !== undefined,
      body.bundle_price ?? null,
    ],
  );
  if (rows.length === 0) return false;
  if (body.products) await syncProducts(db, sellerId, id, body.products);
  for (const design of body.designs ?? []) {
    // A design replaces the one of its product and print space.
    if (design.product_id) {
      const owned = await db.query('SELECT id FROM products WHERE id = $1 AND campaign_id = $2', [
        design.product_id,
        id,
      ]);
      if (owned.length === 0) continue;
    }
    await db.query(
      `DELETE FROM designs WHERE campaign_id = $1 AND print_space = $2
       AND product_id IS NOT DISTINCT FROM $3`,
      [id, design.print_space, design.product_id ?? null],
    );
    await db.query(
      `INSERT INTO designs (campaign_id, product_id, print_space, design_json, file_url, option)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        id,
        design.product_id ?? null,
        design.print_space,
        design.design_json ?? null,
        design.file_url ?? null,
        design.option ?? null,
      ],
    );
  }
  if (body.mockups) await saveMockups(db, id, body.mockups);
  return true;
}

/**
 * Copies a template campaign's products into a new campaign of the same seller and returns the
 * new id with the map from template product ids to the new product ids.
 */
export async function copyCampaign(
  db: Queryable,
  sellerId: number,
  templateId: number,
  fields: {
    name: string;
    slug?: string | null;
    collection?: string | null;
    artworkUrl?: string | null;
    /** What made the copy (`bulk_row:12`); null for a seller's own duplicate. */
    source: string | null;
    /** Bulk copies go on sale at once; a duplicate starts as a draft. */
    status?: 'active' | 'draft';
    /** Bulk copies of a template are campaigns; a duplicate keeps its source's type. */
    productType?: string;
  },
): Promise<{ id: number; productIds: Map<number, number> }> {
  const [template] = await db.query<CampaignRow>(
    'SELECT * FROM campaigns WHERE id = $1 AND seller_id = $2 AND deleted_at IS NULL',
    [templateId, sellerId],
  );
  if (!template) throw new Error(`Template campaign ${templateId} not found`);
  const [created] = await db.query<{ id: number }>(
    `INSERT INTO campaigns (seller_id, name, slug, status, product_type, system_type, artwork_url, collection, personalized, bulk_source, niche, bundle_price)
     VALUES ($1, $2, $3, $9, $10, $4, $5, $6, $7, $8, $11, $12) RETURNING id`,
    [
      sellerId,
      fields.name,
      fields.slug ?? null,
      template.system_type,
      fields.artworkUrl ?? template.artwork_url,
      fields.collection ?? template.collection,
      template.personalized,
      fields.source,
      fields.status ?? 'active',
      fields.productType ?? 'campaign',
      template.niche,
      template.bundle_price,
    ],
  );
  if (!created) throw new Error('copyCampaign inserted no row');
  const copied = await db.query<{ id: number; source_id: number }>(
    `WITH src AS (SELECT * FROM products WHERE campaign_id = $1 ORDER BY id)
     INSERT INTO products (campaign_id, seller_id, template_id, name, print_spaces, full_printed, options, default_option, personalized, mockup_type, price)
     SELECT $2, seller_id, template_id, name, print_spaces, full_printed, options, default_option, personalized, mockup_type, price FROM src
     RETURNING id, 0 AS source_id`,
    [templateId, created.id],
  );
  // INSERT ... SELECT keeps no link to the source rows: pair them by order of id.
  const sources = await db.query<{ id: number }>(
    'SELECT id FROM products WHERE campaign_id = $1 ORDER BY id',
    [templateId],
  );
  const newIds = copied.map((c) => c.id).sort((a, b) => a - b);
  const productIds = new Map<number, number>();
  sources.forEach((s, i) => {
    const target = newIds[i];
    if (target !== undefined) productIds.set(s.id, target);
  });
  return { id: created.id, productIds };
}

/**
 * The products of a seller's live campaigns that have no mockup yet, with what drawing one
 * needs: the template's catalog sku (the renderer's template id), its kind, and the hex of the
 * product's first offered colour (else the template's first colour). The demo seed reads it.
 */
export async function productsWithoutMockups(
  db: Queryable,
  sellerId: number,
): Promise<
  {
    campaign_id: number;
    product_id: number;
    sku: string | null;
    mockup_type: string | null;
    color_hex: string | null;
    mockup_template_id: number | null;
    print_space: string | null;
  }[]
> {
  return db.query(
    `SELECT p.campaign_id, p.id AS product_id, t.sku, t.mockup_type,
            COALESCE(
              (SELECT col->>'hex_code' FROM jsonb_array_elements(t.colors) col
                WHERE col->>'name' = p.options->'color'->>0 LIMIT 1),
              t.colors->0->>'hex_code') AS color_hex,
            mt.id AS mockup_template_id, mt.print_space
       FROM products p
       JOIN campaigns c ON c.id = p.campaign_id
       JOIN product_templates t ON t.id = p.template_id
       LEFT JOIN LATERAL (SELECT m.id, m.print_space FROM mockup_templates m
                           WHERE m.template_id = t.id ORDER BY m.id LIMIT 1) mt ON true
      WHERE c.seller_id = $1 AND c.status = 'active' AND c.deleted_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM mockups x WHERE x.product_id = p.id)
      ORDER BY p.campaign_id, p.id`,
    [sellerId],
  );
}
