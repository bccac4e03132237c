import { existsSync } from 'node:fs';
import { cp, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { TEMPLATE_PRINT_SPACE_DPI, TEMPLATE_PRINT_SPACE_MIN_DPI } from '@printloom/core';
import { templatesDir } from '@printloom/renderer/templates';
import { BLOB_FILE_PREFIX, writeBlob } from '../blob/blobStore.js';
import type { Queryable } from '../db/Db.js';
import { insertTemplate, type NewTemplate } from '../sql/templates.js';

/** The renderer's generated template assets and manifest. */
const RENDERER_TEMPLATES = templatesDir();
/** Catalog assets live in the blob store under the platform's own (public) owner. */
const ASSET_KEY_PREFIX = 's0/templates';

interface ManifestTemplate {
  id: string;
  templateId: number;
  name: string;
  kind: '2d' | '3d';
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

function fromManifest(t: ManifestTemplate): NewTemplate {
  const is3d = t.kind === '3d';
  const printType = is3d ? 2 : 0;
  return {
    id: t.templateId,
    name: t.name,
    sku: t.id,
    full_printed: printType,
    mockup_type: t.kind,
    base_cost: is3d ? 9.5 : 7.5,
    options: { color: (t.colors ?? []).map((c) => c.name) },
    colors: t.colors ?? [],
    print_spaces: printSpaces(t.printSpaces, printType),
    mockups: is3d
      ? t.printSpaces.slice(0, 1).map((space) => ({
          name: `${t.name} 3D`,
          print_space: space.name,
          layers: { mockupType: '3d', glb: t.model ? assetUrl(t.model) : null, color: '#FFFFFF' },
        }))
      : t.mockups.map((m) => ({
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
        })),
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
  return {
    name: 'Basic T-shirt',
    sku: 'basic-tshirt',
    options: { color: ['White', 'Black'] },
    colors: [
      { name: 'White', hex_code: '#FFFFFF' },
      { name: 'Black', hex_code: '#111111' },
    ],
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
    if (existsSync(manifestPath)) await backfillManifestDetails(db, manifestPath);
    return existing.map((r) => r.id);
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
async function backfillManifestDetails(db: Queryable, manifestPath: string): Promise<void> {
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as {
    templates: ManifestTemplate[];
  };
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
