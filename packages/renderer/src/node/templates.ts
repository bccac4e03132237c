import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { MockupLayers } from '../drawMockup.js';
import { loadLayers, MockupTemplateFile, TemplateManifest } from '../templates.js';
import { templatesDir } from '../templatesDir.js';
import { decodeImage, RenderInputError, readSource } from './images.js';

/** The bundled templates' folder (manifest.json and one folder of layers per template). */
export const TEMPLATES_DIR = templatesDir();

/** A template with the folder its relative paths resolve against. */
export interface LoadedTemplate {
  template: MockupTemplateFile;
  dir: string;
}

let bundled: Promise<LoadedTemplate[]> | undefined;

/** The bundled templates, read once. */
export function listTemplates(): Promise<LoadedTemplate[]> {
  bundled ??= readFile(join(TEMPLATES_DIR, 'manifest.json'), 'utf8').then((text) =>
    TemplateManifest.parse(JSON.parse(text)).templates.map((template) => ({
      template,
      dir: TEMPLATES_DIR,
    })),
  );
  return bundled;
}

/**
 * A template by bundled id, or from a template JSON file (one template, paths relative to the
 * file). Unknown ids and unreadable files throw {@link RenderInputError} naming what exists.
 */
export async function findTemplate(idOrFile: string): Promise<LoadedTemplate> {
  const all = await listTemplates();
  const found = all.find((t) => t.template.id === idOrFile);
  if (found) return found;
  if (!/[\\/.]/.test(idOrFile)) {
    throw new RenderInputError(
      `Unknown template "${idOrFile}". Bundled templates: ${all.map((t) => t.template.id).join(', ')}`,
    );
  }
  const path = resolve(idOrFile);
  const text = (await readSource(path)).toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new RenderInputError(`${path} is not valid JSON`);
  }
  const parsed = MockupTemplateFile.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new RenderInputError(
      `${path} is not a template: ${issue?.path.join('.') || 'template'}: ${issue?.message}`,
    );
  }
  return { template: parsed.data, dir: dirname(path) };
}

const layerCache = new Map<string, Promise<MockupLayers>>();

/** The decoded layers of a 2D template's first mockup (or the one for `printSpace`), cached. */
export function loadMockupLayers(
  loaded: LoadedTemplate,
  printSpace?: string,
): Promise<MockupLayers> {
  const { template, dir } = loaded;
  if (template.kind !== '2d')
    throw new RenderInputError(`Template "${template.id}" is 3D: render it with the 3D renderer`);
  const mockup = printSpace
    ? template.mockups.find((m) => m.printSpace === printSpace)
    : template.mockups[0];
  if (!mockup)
    throw new RenderInputError(
      `Template "${template.id}" has no mockup for print space "${printSpace}"`,
    );
  const key = `${dir}|${template.id}|${mockup.printSpace}`;
  let cached = layerCache.get(key);
  if (!cached) {
    cached = loadLayers(template, mockup, async (file) =>
      decodeImage(await readSource(file, dir), file),
    );
    cached.catch(() => layerCache.delete(key));
    layerCache.set(key, cached);
  }
  return cached;
}
