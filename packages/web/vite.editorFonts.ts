import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { robotoFontFile, woffToTtf } from '@printloom/renderer/fonts';
import type { Plugin } from 'vite';

/**
 * The editor's font files at /fonts/ (the editor's font list, src/editor/fonts.ts): Roboto from
 * the renderer's bundled TrueType file, the other Roboto faces unpacked from roboto-fontface's
 * WOFF files to TrueType, so the Node renderer (Skia reads TrueType only) can load the very
 * file a design names. Served by `vite dev` and written into dist/fonts/ by `vite build`.
 */
const require = createRequire(import.meta.url);

const WOFF_FACES: Record<string, string> = {
  'Roboto-Light.ttf': 'roboto/Roboto-Light.woff',
  'Roboto-Medium.ttf': 'roboto/Roboto-Medium.woff',
  'Roboto-Bold.ttf': 'roboto/Roboto-Bold.woff',
  'Roboto-Black.ttf': 'roboto/Roboto-Black.woff',
  'Roboto-Condensed-Regular.ttf': 'roboto-condensed/Roboto-Condensed-Regular.woff',
  'Roboto-Slab-Regular.ttf': 'roboto-slab/Roboto-Slab-Regular.woff',
};

let files: Map<string, Buffer> | null = null;

export function editorFontFiles(): Map<string, Buffer> {
  if (files) return files;
  const fontface = join(dirname(require.resolve('roboto-fontface/package.json')), 'fonts');
  files = new Map([
    ['Roboto.ttf', readFileSync(robotoFontFile())],
    ...Object.entries(WOFF_FACES).map(
      ([name, woff]) => [name, woffToTtf(readFileSync(join(fontface, woff)))] as const,
    ),
  ]);
  return files;
}

export function editorFonts(): Plugin {
  return {
    name: 'printloom-editor-fonts',
    configureServer(server) {
      server.middlewares.use('/fonts', (request, response, next) => {
        const name = (request.url ?? '').split('?')[0]?.replace(/^\//, '') ?? '';
        const data = editorFontFiles().get(name);
        if (!data) return next();
        response.setHeader('content-type', 'font/ttf');
        response.setHeader('cache-control', 'public, max-age=86400');
        response.end(data);
      });
    },
    generateBundle() {
      for (const [name, data] of editorFontFiles()) {
        this.emitFile({ type: 'asset', fileName: `fonts/${name}`, source: data });
      }
    },
  };
}
