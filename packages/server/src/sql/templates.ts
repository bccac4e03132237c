import type { ProductVariant, ShippingProfile, SizeChart } from '@printloom/core';
import sanitizeHtml from 'sanitize-html';
import type { Queryable } from '../db/Db.js';

interface TemplateRow {
  id: number;
  name: string;
  sku: string | null;
  description: string | null;
  full_printed: number;
  mockup_type: string;
  base_cost: number;
  status: string;
  options: Record<string, string[]>;
  colors: Array<{ name: string; hex_code: string }> | null;
  print_spaces: Array<Record<string, unknown>>;
  description_format: string;
  size_chart: SizeChart | null;
}

interface VariantRow {
  id: number;
  template_id: number;
  size: string;
  color_name: string;
  color_hex: string;
  base_cost: number;
  weight_grams: number;
  sku: string;
}

interface RateRow {
  template_id: number;
  name: string;
  currency: string;
  scope: string;
  first_item: number;
  additional_item: number;
}

/** What the catalog adds to a template beyond its row: variants and shipping. */
export interface TemplateDetails {
  variants: Map<number, ProductVariant[]>;
  shipping: Map<number, ShippingProfile>;
}

function variantView(row: VariantRow): ProductVariant {
  return {
    id: Number(row.id),
    size: row.size,
    color: { name: row.color_name, hex_code: row.color_hex },
    base_cost: row.base_cost,
    weight_grams: row.weight_grams,
    sku: row.sku,
  };
}

/** The variants (in catalog order) and shipping profiles of the given templates. */
export async function templateDetails(db: Queryable, ids: number[]): Promise<TemplateDetails> {
  const variantRows = await db.query<VariantRow>(
    'SELECT * FROM template_variants WHERE template_id = ANY($1::bigint[]) ORDER BY template_id, position, id',
    [ids],
  );
  const rateRows = await db.query<RateRow>(
    `SELECT p.template_id, p.name, p.currency, r.scope, r.first_item, r.additional_item
     FROM shipping_profiles p JOIN shipping_rates r ON r.profile_id = p.id
     WHERE p.template_id = ANY($1::bigint[])
     ORDER BY p.template_id, CASE WHEN r.scope = '*' THEN 2 WHEN r.scope ~ '^[0-9]+$' THEN 1 ELSE 0 END, r.scope`,
    [ids],
  );
  const variants = new Map<number, ProductVariant[]>();
  for (const row of variantRows) {
    const id = Number(row.template_id);
    variants.set(id, [...(variants.get(id) ?? []), variantView(row)]);
  }
  const shipping = new Map<number, ShippingProfile>();
  for (const row of rateRows) {
    const id = Number(row.template_id);
    const profile = shipping.get(id) ?? { name: row.name, currency: row.currency, rates: [] };
    profile.rates.push({
      scope: row.scope,
      first_item: row.first_item,
      additional_item: row.additional_item,
    });
    shipping.set(id, profile);
  }
  return { variants, shipping };
}

/** A description as buyers may see it: HTML descriptions are sanitized on the way out. */
function descriptionOf(row: Pick<TemplateRow, 'description' | 'description_format'>) {
  if (row.description === null) return null;
  return row.description_format === 'html' ? sanitizeHtml(row.description) : row.description;
}

interface MockupTemplateRow {
  id: number;
  template_id: number;
  name: string | null;
  print_space: string;
  layers: Record<string, unknown>;
}

export function mockupTemplateView(row: MockupTemplateRow) {
  return {
    ...row.layers,
    id: row.id,
    template_id: row.template_id,
    ...(row.name ? { name: row.name } : {}),
    print_space: row.print_space,
  };
}

export async function listMockupTemplates(db: Queryable, templateIds: number[]) {
  const rows = await db.query<MockupTemplateRow>(
    'SELECT * FROM mockup_templates WHERE template_id = ANY($1::bigint[]) ORDER BY id',
    [templateIds],
  );
  return rows.map(mockupTemplateView);
}

function templateView(row: TemplateRow, mockups: MockupTemplateRow[], details: TemplateDetails) {
  const variants = details.variants.get(Number(row.id)) ?? [];
  return {
    id: row.id,
    name: row.name,
    ...(row.sku ? { sku: row.sku } : {}),
    description: descriptionOf(row),
    description_format: row.description_format === 'html' ? 'html' : 'text',
    full_printed: row.full_printed,
    mockup_type: row.mockup_type,
    base_cost:
      variants.length > 0 ? Math.min(...variants.map((v) => v.base_cost)) / 100 : row.base_cost,
    status: row.status,
    options: row.options,
    colors: row.colors ?? [],
    print_spaces: row.print_spaces.map((space) => ({
      ...space,
      id: `${row.id}_${String(space.name)}`,
    })),
    mockups: mockups.filter((m) => m.template_id === row.id).map(mockupTemplateView),
    sizes: [...new Set(variants.map((v) => v.size))],
    variants,
    shipping: details.shipping.get(Number(row.id)) ?? null,
    size_chart: row.size_chart,
  };
}

export async function listTemplates(
  db: Queryable,
  query: { q?: string | undefined; page: number; per_page: number },
) {
  const params: unknown[] = [];
  let where = "status = 'active'";
  if (query.q) {
    params.push(`%${query.q}%`);
    where += ` AND name ILIKE $1`;
  }
  const [count] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM product_templates WHERE ${where}`,
    params,
  );
  const rows = await db.query<TemplateRow>(
    `SELECT * FROM product_templates WHERE ${where} ORDER BY id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, query.per_page, (query.page - 1) * query.per_page],
  );
  const mockups = await db.query<MockupTemplateRow>(
    'SELECT * FROM mockup_templates WHERE template_id = ANY($1::bigint[]) ORDER BY id',
    [rows.map((r) => r.id)],
  );
  const details = await templateDetails(
    db,
    rows.map((r) => r.id),
  );
  return { rows: rows.map((r) => templateView(r, mockups, details)), total: count?.total ?? 0 };
}

export async function getTemplate(db: Queryable, id: number) {
  const [row] = await db.query<TemplateRow>('SELECT * FROM product_templates WHERE id = $1', [id]);
  if (!row) return undefined;
  const mockups = await db.query<MockupTemplateRow>(
    'SELECT * FROM mockup_templates WHERE template_id = $1 ORDER BY id',
    [id],
  );
  return templateView(row, mockups, await templateDetails(db, [id]));
}

/** The print spaces of each of the given templates (missing ids are absent). */
export async function templatePrintSpaces(
  db: Queryable,
  ids: number[],
): Promise<Map<number, Array<{ name: string; isMain?: boolean }>>> {
  const rows = await db.query<{
    id: number;
    print_spaces: Array<{ name: string; isMain?: boolean }>;
  }>('SELECT id, print_spaces FROM product_templates WHERE id = ANY($1::bigint[])', [ids]);
  return new Map(rows.map((t) => [t.id, t.print_spaces]));
}

export interface NewVariant {
  size: string;
  color: { name: string; hex_code: string };
  /** Cents. */
  base_cost: number;
  weight_grams: number;
  sku: string;
}

export interface NewTemplate {
  id?: number;
  name: string;
  sku?: string;
  description?: string;
  description_format?: 'text' | 'html';
  full_printed?: number;
  mockup_type?: '2d' | '3d';
  /** Dollars; defaults to the lowest variant base cost. */
  base_cost?: number;
  options: Record<string, string[]>;
  colors?: Array<{ name: string; hex_code: string }>;
  print_spaces: Array<Record<string, unknown>>;
  mockups: Array<{ name?: string; print_space: string; layers: Record<string, unknown> }>;
  /** Without variants, one 'One size' variant per colour at `base_cost`. */
  variants?: NewVariant[];
  shipping?: ShippingProfile;
  size_chart?: SizeChart;
}

/**
 * The rates of a template that sets none (migration 017 gives existing templates the same):
 * cents for the first item and each further one.
 */
export const STANDARD_SHIPPING: ShippingProfile = {
  name: 'Standard',
  currency: 'USD',
  rates: [
    { scope: 'US', first_item: 475, additional_item: 200 },
    { scope: 'CA', first_item: 799, additional_item: 300 },
    { scope: '150', first_item: 899, additional_item: 300 },
    { scope: '*', first_item: 1199, additional_item: 400 },
  ],
};

/** The variants a template without explicit ones sells: one size, each of its colours. */
function defaultVariants(t: NewTemplate): NewVariant[] {
  const colors = t.options.color?.length
    ? t.options.color.map(
        (name) => t.colors?.find((c) => c.name === name) ?? { name, hex_code: '#FFFFFF' },
      )
    : [{ name: 'White', hex_code: '#FFFFFF' }];
  const prefix = (t.sku ?? t.name).toUpperCase().replace(/[^A-Z0-9]+/g, '-');
  return colors.map((color) => ({
    size: 'One size',
    color,
    base_cost: Math.round((t.base_cost ?? 0) * 100),
    weight_grams: 0,
    sku: `${prefix}-${color.name.toUpperCase().replace(/[^A-Z0-9]+/g, '')}-OS`,
  }));
}

export async function insertTemplate(db: Queryable, t: NewTemplate): Promise<number> {
  const variants = t.variants?.length ? t.variants : defaultVariants(t);
  const sizes = [...new Set(variants.map((v) => v.size))];
  const baseCost = t.base_cost ?? Math.min(...variants.map((v) => v.base_cost)) / 100;
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO product_templates (${t.id ? 'id, ' : ''}name, sku, full_printed, mockup_type, base_cost, options, print_spaces, colors, description, description_format, size_chart)
     VALUES (${t.id ? '$12, ' : ''}$1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [
      t.name,
      t.sku ?? null,
      t.full_printed ?? 0,
      t.mockup_type ?? '2d',
      baseCost,
      JSON.stringify({ ...t.options, size: t.options.size ?? sizes }),
      JSON.stringify(t.print_spaces),
      JSON.stringify(t.colors ?? []),
      t.description ?? null,
      t.description_format ?? 'text',
      t.size_chart ? JSON.stringify(t.size_chart) : null,
      ...(t.id ? [t.id] : []),
    ],
  );
  if (!row) throw new Error('insertTemplate returned no row');
  for (const m of t.mockups) {
    await db.query(
      'INSERT INTO mockup_templates (template_id, name, print_space, layers) VALUES ($1, $2, $3, $4)',
      [row.id, m.name ?? null, m.print_space, JSON.stringify(m.layers)],
    );
  }
  await insertVariants(db, row.id, variants);
  await setShippingProfile(db, row.id, t.shipping ?? STANDARD_SHIPPING);
  return row.id;
}

/** Adds variants to a template in one statement, in the given (catalogue) order. */
export async function insertVariants(
  db: Queryable,
  templateId: number,
  variants: readonly NewVariant[],
): Promise<void> {
  if (variants.length === 0) return;
  await db.query(
    `INSERT INTO template_variants (template_id, position, size, color_name, color_hex, base_cost, weight_grams, sku)
     SELECT $1, v.position - 1, v.size, v.color_name, v.color_hex, v.base_cost, v.weight_grams, v.sku
     FROM unnest($2::text[], $3::text[], $4::text[], $5::integer[], $6::integer[], $7::text[])
       WITH ORDINALITY AS v(size, color_name, color_hex, base_cost, weight_grams, sku, position)`,
    [
      templateId,
      variants.map((v) => v.size),
      variants.map((v) => v.color.name),
      variants.map((v) => v.color.hex_code),
      variants.map((v) => v.base_cost),
      variants.map((v) => v.weight_grams),
      variants.map((v) => v.sku),
    ],
  );
}

/** Replaces a template's shipping profile and its rates. */
export async function setShippingProfile(
  db: Queryable,
  templateId: number,
  profile: ShippingProfile,
): Promise<void> {
  await db.query('DELETE FROM shipping_profiles WHERE template_id = $1', [templateId]);
  const [created] = await db.query<{ id: number }>(
    'INSERT INTO shipping_profiles (template_id, name, currency) VALUES ($1, $2, $3) RETURNING id',
    [templateId, profile.name, profile.currency],
  );
  for (const rate of profile.rates) {
    await db.query(
      'INSERT INTO shipping_rates (profile_id, scope, first_item, additional_item) VALUES ($1, $2, $3, $4)',
      [created?.id, rate.scope, rate.first_item, rate.additional_item],
    );
  }
}
