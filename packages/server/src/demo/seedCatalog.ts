import { existsSync } from 'node:fs';
import { cp, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { TEMPLATE_PRINT_SPACE_DPI, TEMPLATE_PRINT_SPACE_MIN_DPI } from '@printloom/core';
import { templatesDir } from '@printloom/renderer/templates';
import { BLOB_FILE_PREFIX, writeBlob } from '../blob/blobStore.js';
import type { Queryable } from '../db/Db.js';
import {
  insertTemplate,
  insertVariants,
  type NewTemplate,
  setShippingProfile,
} from '../sql/templates.js';
import { PRODUCT_LINE, productLineVariants } from './productLine.js';

/** The renderer's generated template assets and manifest. */
const RENDERER_TEMPLATES = templatesDir();
/** Catalog assets live in the blob store under the platform's own (public) owner. */
const ASSET_KEY_PREFIX = 's0/templates';

interface ManifestTemplate {
  id: string;
  templateId: number;
  name: string;
  kind: '2d' | '3d';
  /** Print type (spec §3) the template fixes, e.g. 3 for all-over print. */
  printType?: number;
  model?: string;
  printSpaces: Array<{ name: string; width: number; height: number }>;
  colors?: Array<{ name: string; hex_code: string }>;
  mockups: Array<{
    printSpace: string;
    printArea?: { x: number; y: number; width: number; height: number };
    layers: {
      background: string;
      color?: string;
      shadow?: string;
      overlay?: string;
      crop?: string;
    };
  }>;
}

/**
 * A template's print type (spec §3): the manifest's when it names one (all-over print is 3),
 * else 3D full print (2) for a 3D model and a 2D print (0) for the rest.
 */
const printTypeOf = (t: ManifestTemplate): number => t.printType ?? (t.kind === '3d' ? 2 : 0);

const assetUrl = (path: string) => `${BLOB_FILE_PREFIX}${ASSET_KEY_PREFIX}/${path}`;

function printSpaces(spaces: ManifestTemplate['printSpaces'], printType: number) {
  return spaces.map((space, index) => ({
    name: space.name,
    width: space.width,
    height: space.height,
    printWidth: space.width,
    printHeight: space.height,
    isMain: index === 0,
    printType,
    DPI: TEMPLATE_PRINT_SPACE_DPI,
    minDPI: TEMPLATE_PRINT_SPACE_MIN_DPI,
  }));
}

/** The product line of a manifest template: variants, shipping, description, size chart. */
function lineDetails(t: ManifestTemplate): Partial<NewTemplate> {
  const line = PRODUCT_LINE[t.id];
  if (!line) return { base_cost: t.kind === '3d' ? 9.5 : 7.5 };
  return {
    variants: productLineVariants(line, t.colors ?? []),
    shipping: line.shipping,
    description: line.description,
    description_format: line.description_format,
    ...(line.size_chart ? { size_chart: line.size_chart } : {}),
  };
}

function mockupsOf(t: ManifestTemplate, spaceNames?: ReadonlySet<string>): NewTemplate['mockups'] {
  const is3d = t.kind === '3d';
  const wanted = (space: string) => !spaceNames || spaceNames.has(space);
  return is3d
    ? t.printSpaces
        .slice(0, 1)
        .filter((space) => wanted(space.name))
        .map((space) => ({
          name: `${t.name} 3D`,
          print_space: space.name,
          layers: { mockupType: '3d', glb: t.model ? assetUrl(t.model) : null, color: '#FFFFFF' },
        }))
    : t.mockups
        .filter((m) => wanted(m.printSpace))
        .map((m) => ({
          name: t.name,
          print_space: m.printSpace,
          layers: {
            mockupType: '2d',
            background: assetUrl(m.layers.background),
            colorImg: m.layers.color ? assetUrl(m.layers.color) : null,
            cropImg: m.layers.crop ? assetUrl(m.layers.crop) : null,
            shadowImg: m.layers.shadow ? assetUrl(m.layers.shadow) : null,
            overlay: m.layers.overlay ? assetUrl(m.layers.overlay) : null,
            color: '#FFFFFF',
            ...(m.printArea ? { printArea: m.printArea } : {}),
          },
        }));
}

function fromManifest(t: ManifestTemplate): NewTemplate {
  const printType = printTypeOf(t);
  return {
    id: t.templateId,
    name: PRODUCT_LINE[t.id]?.name ?? t.name,
    sku: t.id,
    full_printed: printType,
    mockup_type: t.kind,
    options: { color: (t.colors ?? []).map((c) => c.name) },
    colors: t.colors ?? [],
    print_spaces: printSpaces(t.printSpaces, printType),
    mockups: mockupsOf(t),
    ...lineDetails(t),
  };
}

/** A plain t-shirt template with a generated background, for checkouts without the renderer. */
async function minimalTemplate(blobDir: string): Promise<NewTemplate> {
  const canvas = createCanvas(1000, 1000);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#f2f2f2';
  ctx.fillRect(0, 0, 1000, 1000);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(250, 150, 500, 700);
  await writeBlob(blobDir, `${ASSET_KEY_PREFIX}/basic/background.png`, await canvas.encode('png'));
  const colors = [
    { name: 'White', hex_code: '#FFFFFF' },
    { name: 'Black', hex_code: '#111111' },
  ];
  const line = PRODUCT_LINE.tshirt;
  return {
    name: 'Basic T-shirt',
    sku: 'basic-tshirt',
    options: { color: ['White', 'Black'] },
    colors,
    ...(line
      ? {
          variants: productLineVariants({ ...line, skuPrefix: 'BASIC-TEE' }, colors),
          shipping: line.shipping,
          ...(line.size_chart ? { size_chart: line.size_chart } : {}),
        }
      : {}),
    print_spaces: printSpaces([{ name: 'front', width: 4200, height: 4800 }], 0),
    mockups: [
      {
        name: 'Basic T-shirt',
        print_space: 'front',
        layers: {
          mockupType: '2d',
          background: assetUrl('basic/background.png'),
          color: '#FFFFFF',
        },
      },
    ],
  };
}

/**
 * Fills an empty catalog: the renderer's templates (assets copied into the blob store) when the
 * renderer package is present, else one minimal template. Returns the template ids.
 */
export async function seedCatalog(db: Queryable, blobDir: string): Promise<number[]> {
  const manifestPath = join(RENDERER_TEMPLATES, 'manifest.json');
  const existing = await db.query<{ id: number }>('SELECT id FROM product_templates ORDER BY id');
  if (existing.length > 0) {
    if (existsSync(manifestPath)) await backfillManifestDetails(db, manifestPath, blobDir);
    return (await db.query<{ id: number }>('SELECT id FROM product_templates ORDER BY id')).map(
      (r) => r.id,
    );
  }
  const templates: NewTemplate[] = [];
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as {
      templates: ManifestTemplate[];
    };
    await cp(RENDERER_TEMPLATES, join(blobDir, ASSET_KEY_PREFIX), { recursive: true });
    templates.push(...manifest.templates.map(fromManifest));
  } else {
    templates.push(await minimalTemplate(blobDir));
  }
  const ids: number[] = [];
  for (const t of templates) ids.push(await insertTemplate(db, t));
  // Explicit ids from the manifest leave the sequence behind; move it past them.
  await db.query(
    "SELECT setval(pg_get_serial_sequence('product_templates', 'id'), (SELECT max(id) FROM product_templates))",
  );
  return ids;
}

/**
 * Catalogs seeded before templates carried colour hex codes and mockup print areas get them
 * from the manifest, once: rows that already have them are left alone.
 */
async function backfillManifestDetails(
  db: Queryable,
  manifestPath: string,
  blobDir: string,
): Promise<void> {
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as {
    templates: ManifestTemplate[];
  };
  if (await upgradeProductLine(db, manifest.templates)) {
    await cp(RENDERER_TEMPLATES, join(blobDir, ASSET_KEY_PREFIX), { recursive: true });
  }
  for (const t of manifest.templates) {
    await db.query(
      "UPDATE product_templates SET colors = $2 WHERE id = $1 AND colors = '[]'::jsonb",
      [t.templateId, JSON.stringify(t.colors ?? [])],
    );
    for (const m of t.mockups) {
      if (!m.printArea) continue;
      await db.query(
        `UPDATE mockup_templates SET layers = layers || jsonb_build_object('printArea', $3::jsonb)
         WHERE template_id = $1 AND print_space = $2 AND NOT (layers ? 'printArea')`,
        [t.templateId, m.printSpace, JSON.stringify(m.printArea)],
      );
    }
  }
}

/**
 * Catalogs seeded before the product line get it, once: templates the manifest has and the
 * catalog lacks are added, print spaces the manifest added (the back of garments) are appended
 * with their mockups, and a template still on migration 017's 'One size' variants gets its
 * sizes, costs, shipping, description and size chart. Returns whether anything changed.
 */
async function upgradeProductLine(db: Queryable, templates: ManifestTemplate[]): Promise<boolean> {
  let changed = false;
  for (const t of templates) {
    const [row] = await db.query<{ print_spaces: Array<{ name: string }> }>(
      'SELECT print_spaces FROM product_templates WHERE id = $1',
      [t.templateId],
    );
    if (!row) {
      await insertTemplate(db, fromManifest(t));
      changed = true;
      continue;
    }
    const have = new Set(row.print_spaces.map((space) => space.name));
    const missing = t.printSpaces.filter((space) => !have.has(space.name));
    if (missing.length > 0) {
      const added = printSpaces(t.printSpaces, printTypeOf(t)).filter(
        (space) => !have.has(space.name),
      );
      await db.query(
        'UPDATE product_templates SET print_spaces = print_spaces || $2::jsonb WHERE id = $1',
        [t.templateId, JSON.stringify(added)],
      );
      for (const m of mockupsOf(t, new Set(missing.map((space) => space.name)))) {
        await db.query(
          'INSERT INTO mockup_templates (template_id, name, print_space, layers) VALUES ($1, $2, $3, $4)',
          [t.templateId, m.name ?? null, m.print_space, JSON.stringify(m.layers)],
        );
      }
      changed = true;
    }
    const line = PRODUCT_LINE[t.id];
    if (!line) continue;
    const [sizes] = await db.query<{ other: number }>(
      "SELECT count(*) FILTER (WHERE size <> 'One size')::int AS other FROM template_variants WHERE template_id = $1",
      [t.templateId],
    );
    if ((sizes?.other ?? 0) > 0) continue;
    const details = lineDetails(t);
    const variants = details.variants ?? [];
    await db.query('DELETE FROM template_variants WHERE template_id = $1', [t.templateId]);
    await insertVariants(db, t.templateId, variants);
    await db.query(
      `UPDATE product_templates SET name = $2, description = $3, description_format = $4,
         size_chart = $5, base_cost = $6,
         options = options || jsonb_build_object('size', $7::jsonb)
       WHERE id = $1`,
      [
        t.templateId,
        line.name ?? t.name,
        line.description,
        line.description_format,
        line.size_chart ? JSON.stringify(line.size_chart) : null,
        Math.min(...variants.map((v) => v.base_cost)) / 100,
        JSON.stringify(line.sizes.map((s) => s.size)),
      ],
    );
    await setShippingProfile(db, t.templateId, line.shipping);
    changed = true;
  }
  if (changed) {
    await db.query(
      "SELECT setval(pg_get_serial_sequence('product_templates', 'id'), (SELECT max(id) FROM product_templates))",
    );
  }
  return changed;
}
