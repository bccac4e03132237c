import {
  loadLayers,
  type MockupLayers,
  type MockupTemplateFile,
  TemplateManifest,
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

  return {
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
  };
}
