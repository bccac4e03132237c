/**
 * The row paint web worker: draws designs and 2D mockups on OffscreenCanvas off the page's main
 * thread, so a seller editing a design meanwhile keeps a smooth page. Protocol: paintClient.ts.
 */
import { TEMPLATE_ASSETS_BASE } from './constants.js';
import type { PaintWorkerAnswer, PaintWorkerRequest } from './paintClient.js';
import { createRowPainter } from './rowPainter.js';
import { createTemplateAssets } from './templateAssets.js';

interface WorkerScope {
  onmessage: ((event: { data: PaintWorkerRequest }) => void) | null;
  postMessage(message: PaintWorkerAnswer, transfer?: Transferable[]): void;
}

const scope = globalThis as unknown as WorkerScope;
const painter = createRowPainter({
  templates: createTemplateAssets({
    base: new URL(TEMPLATE_ASSETS_BASE, location.origin).href,
    fetch: (url: string) => fetch(url, { credentials: 'omit' }),
  }),
});

scope.onmessage = async ({ data }) => {
  try {
    const result = await painter.paint(data.request);
    const bitmaps = result.designs.flatMap((d) => (d.bitmap ? [d.bitmap] : []));
    scope.postMessage({ id: data.id, result }, bitmaps);
  } catch (error) {
    scope.postMessage({
      id: data.id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
};
