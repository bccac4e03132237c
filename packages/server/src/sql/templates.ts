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

function templateView(row: TemplateRow, mockups: MockupTemplateRow[]) {
  return {
    id: row.id,
    name: row.name,
    ...(row.sku ? { sku: row.sku } : {}),
    description: row.description,
    full_printed: row.full_printed,
    mockup_type: row.mockup_type,
    base_cost: row.base_cost,
    status: row.status,
    options: row.options,
    colors: row.colors ?? [],
    print_spaces: row.print_spaces.map((space) => ({
      ...space,
      id: `${row.id}_${String(space.name)}`,
    })),
    mockups: mockups.filter((m) => m.template_id === row.id).map(mockupTemplateView),
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
  return { rows: rows.map((r) => templateView(r, mockups)), total: count?.total ?? 0 };
}

export async function getTemplate(db: Queryable, id: number) {
  const [row] = await db.query<TemplateRow>('SELECT * FROM product_templates WHERE id = $1', [id]);
  if (!row) return undefined;
  const mockups = await db.query<MockupTemplateRow>(
    'SELECT * FROM mockup_templates WHERE template_id = $1 ORDER BY id',
    [id],
  );
  return templateView(row, mockups);
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

export interface NewTemplate {
  id?: number;
  name: string;
  sku?: string;
  full_printed?: number;
  mockup_type?: '2d' | '3d';
  base_cost?: number;
  options: Record<string, string[]>;
  colors?: Array<{ name: string; hex_code: string }>;
  print_spaces: Array<Record<string, unknown>>;
  mockups: Array<{ name?: string; print_space: string; layers: Record<string, unknown> }>;
}

export async function insertTemplate(db: Queryable, t: NewTemplate): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO product_templates (${t.id ? 'id, ' : ''}name, sku, full_printed, mockup_type, base_cost, options, print_spaces, colors)
     VALUES (${t.id ? '$9, ' : ''}$1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      t.name,
      t.sku ?? null,
      t.full_printed ?? 0,
      t.mockup_type ?? '2d',
      t.base_cost ?? 0,
      JSON.stringify(t.options),
      JSON.stringify(t.print_spaces),
      JSON.stringify(t.colors ?? []),
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
  return row.id;
}
