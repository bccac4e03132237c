import {
  type Baked3dMaps,
  type BakeMeta,
  loadLayers,
  type MockupLayers,
  type MockupTemplateFile,
  TemplateManifest,
  unpackBakePlanes,
} from '@printloom/renderer';
import type { ImageFetcher } from './browserCanvas.js';
import { loadBitmap } from './browserCanvas.js';

/**
 * The catalog's mockup templates as the tab draws them: the renderer's manifest (print area,
 * layer files, colours, 3D model), served by the API beside the layer images. The Node worker
 * reads the same manifest from disk, so both draw a product the same way.
 */
export interface TemplateAssets {
  /** Every template of the manifest (core's planRowImages picks a product's). */
  list(): Promise<MockupTemplateFile[]>;
  layers(template: MockupTemplateFile, printSpace: string): Promise<MockupLayers>;
  model(template: MockupTemplateFile): Promise<ArrayBuffer>;
  /**
   * The baked maps of a 3D template's model (`model.bake.json` and `model.bake.bin` beside the
   * GLB; the server sends the maps Brotli-encoded and the browser decompresses them), or null
   * when the catalog has no bake for it (the caller renders with three.js then). Not kept:
   * callers keep the frames they prepare from it, and the files are cached by the browser.
   */
  bake(template: MockupTemplateFile): Promise<Baked3dMaps | null>;
}

export function createTemplateAssets(options: {
  base: string;
  fetch: ImageFetcher;
}): TemplateAssets {
  const { base, fetch } = options;
  let manifest: Promise<MockupTemplateFile[]> | undefined;
  const layerCache = new Map<string, Promise<MockupLayers>>();
  const modelCache = new Map<string, Promise<ArrayBuffer>>();
  const url = (path: string) => `${base}${path}`;

  const templates = (): Promise<MockupTemplateFile[]> => {
    manifest ??= (async () => {
      const response = await fetch(url('manifest.json'));
      if (!response.ok) {
        throw new Error(`Cannot load the mockup templates: HTTP ${response.status}`);
      }
      const parsed = TemplateManifest.safeParse(await response.json());
      if (!parsed.success) throw new Error('The mockup template manifest is not valid');
      return parsed.data.templates;
    })();
    manifest.catch(() => {
      manifest = undefined;
    });
    return manifest;
  };

  const assets: TemplateAssets = {
    list: templates,
    layers(template, printSpace) {
      const mockup = template.mockups.find((m) => m.printSpace === printSpace);
      if (!mockup) {
        return Promise.reject(
          new Error(`Template "${template.id}" has no mockup for print space "${printSpace}"`),
        );
      }
      const key = `${template.id}|${printSpace}`;
      let cached = layerCache.get(key);
      if (!cached) {
        cached = loadLayers(template, mockup, (file) => loadBitmap(fetch, url(file)));
        cached.catch(() => layerCache.delete(key));
        layerCache.set(key, cached);
      }
      return cached;
    },
    model(template) {
      const file = template.model;
      if (!file) return Promise.reject(new Error(`Template "${template.id}" has no 3D model`));
      let cached = modelCache.get(file);
      if (!cached) {
        cached = fetch(url(file)).then(async (response) => {
          if (!response.ok) throw new Error(`Cannot load ${url(file)}: HTTP ${response.status}`);
          return response.arrayBuffer();
        });
        cached.catch(() => modelCache.delete(file));
        modelCache.set(file, cached);
      }
      return cached;
    },
    async bake(template) {
      const file = template.model;
      if (!file) throw new Error(`Template "${template.id}" has no 3D model`);
      const base = url(file.replace(/\.glb$/i, ''));
      const metaResponse = await fetch(`${base}.bake.json`);
      if (metaResponse.status === 404) return null;
      if (!metaResponse.ok) {
        throw new Error(`Cannot load ${base}.bake.json: HTTP ${metaResponse.status}`);
      }
      const meta = (await metaResponse.json()) as BakeMeta;
      // The GLB is the source of truth: a bake of another version of it is not used (three.js
      // draws the model itself then). Where digests are unavailable (not a secure context) the
      // catalog's files are trusted as the server wrote them together.
      if (globalThis.crypto?.subtle) {
        const model = await assets.model(template);
        const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', model));
        const hex = Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
        if (hex !== meta.glbSha256) return null;
      }
      const data = await fetch(`${base}.bake.bin`);
      if (data.status === 404) return null;
      if (!data.ok) throw new Error(`Cannot load ${base}.bake.bin: HTTP ${data.status}`);
      return unpackBakePlanes(new Uint8Array(await data.arrayBuffer()), meta);
    },
  };
  return assets;
}
