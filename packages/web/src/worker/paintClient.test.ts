import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createPaintClient,
  type PaintWorkerAnswer,
  type PaintWorkerRequest,
} from './paintClient.js';
import type { PaintRequest, PaintResult, RowPainter } from './rowPainter.js';

const REQUEST: PaintRequest = {
  artworks: [],
  designs: [{ key: 'a', artworkKey: 'http://x/a.png', width: 10, height: 10, keepBitmap: false }],
  mockups: [],
};

function inlinePainter(calls: PaintRequest[]): RowPainter {
  return {
    paint: async (request) => {
      calls.push(request);
      return { designs: [], mockups: [{ key: 'inline', jpeg: new Blob(['x']) }] };
    },
  };
}

/** A stand-in for the browser's Worker: answers each request with `answer`, or fails to run. */
function fakeWorkerClass(behaviour: 'answers' | 'crashes') {
  const posted: PaintWorkerRequest[] = [];
  class FakeWorker {
    onmessage: ((event: { data: PaintWorkerAnswer }) => void) | null = null;
    onerror: ((event: { message: string; preventDefault(): void }) => void) | null = null;
    terminated = false;
    postMessage(message: PaintWorkerRequest) {
      posted.push(message);
      queueMicrotask(() => {
        if (behaviour === 'crashes') {
          this.onerror?.({ message: 'SyntaxError', preventDefault: () => {} });
          return;
        }
        const result: PaintResult = { designs: [], mockups: [{ key: 'worker', jpeg: new Blob() }] };
        this.onmessage?.({ data: { id: message.id, result } });
      });
    }
    terminate() {
      this.terminated = true;
    }
  }
  return { FakeWorker, posted };
}

describe('paint client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('draws on the page where the browser has no web worker', async () => {
    vi.stubGlobal('Worker', undefined);
    const calls: PaintRequest[] = [];
    const client = createPaintClient(() => inlinePainter(calls));
    const result = await client.paint(REQUEST);
    expect(result.mockups.map((m) => m.key)).toEqual(['inline']);
    expect(calls).toEqual([REQUEST]);
  });

  it('paints in the worker when it can', async () => {
    const { FakeWorker, posted } = fakeWorkerClass('answers');
    vi.stubGlobal('Worker', FakeWorker);
    vi.stubGlobal('OffscreenCanvas', class {});
    const calls: PaintRequest[] = [];
    const client = createPaintClient(() => inlinePainter(calls));
    const result = await client.paint(REQUEST);
    expect(result.mockups.map((m) => m.key)).toEqual(['worker']);
    expect(posted.map((p) => p.request)).toEqual([REQUEST]);
    expect(calls).toEqual([]);
    client.dispose();
  });

  it('fails the row in hand when the worker dies, then draws on the page', async () => {
    const { FakeWorker } = fakeWorkerClass('crashes');
    vi.stubGlobal('Worker', FakeWorker);
    vi.stubGlobal('OffscreenCanvas', class {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const calls: PaintRequest[] = [];
    const client = createPaintClient(() => inlinePainter(calls));
    await expect(client.paint(REQUEST)).rejects.toThrow('The paint worker failed: SyntaxError');
    const next = await client.paint(REQUEST);
    expect(next.mockups.map((m) => m.key)).toEqual(['inline']);
  });
});
