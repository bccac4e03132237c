import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadArtwork } from './browserCanvas.js';

const ART = 'https://cdn.example.com/art.png';
const ORIGINAL =
  'https://seller.printloom.test/img?url=https%3A%2F%2Fcdn.example.com%2Fart.png&original=1';

/** A fetch that answers `answers[url]`, or fails the way a CORS refusal does. */
function fetcher(answers: Record<string, number>) {
  const asked: string[] = [];
  const fetch = async (url: string) => {
    asked.push(url);
    const status = answers[url];
    if (status === undefined) throw new TypeError('Failed to fetch');
    return new Response(status === 200 ? new Blob([url]) : null, { status });
  };
  return { fetch, asked };
}

describe('loading a bulk row artwork in the tab', () => {
  const decoded: string[] = [];
  beforeEach(() => {
    decoded.length = 0;
    // The decode is the browser's; what matters here is which bytes reach it.
    vi.stubGlobal('createImageBitmap', async (blob: Blob) => {
      decoded.push(await blob.text());
      return { width: 10, height: 10, close() {} };
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("reads the artwork's own address when its host allows it", async () => {
    const { fetch, asked } = fetcher({ [ART]: 200, [ORIGINAL]: 200 });
    await loadArtwork(fetch, { url: ART, fallbackUrl: ORIGINAL });
    expect(asked).toEqual([ART]);
    expect(decoded).toEqual([ART]);
  });

  it("reads the proxy's original bytes when the host refuses the page (CORS)", async () => {
    const { fetch, asked } = fetcher({ [ORIGINAL]: 200 });
    await loadArtwork(fetch, { url: ART, fallbackUrl: ORIGINAL });
    expect(asked).toEqual([ART, ORIGINAL]);
    expect(decoded).toEqual([ORIGINAL]);
  });

  it("fails with the host's answer, naming the artwork, when the host has no such file", async () => {
    const { fetch, asked } = fetcher({ [ART]: 404, [ORIGINAL]: 200 });
    await expect(loadArtwork(fetch, { url: ART, fallbackUrl: ORIGINAL })).rejects.toThrow(
      `Cannot load ${ART}: HTTP 404`,
    );
    expect(asked).toEqual([ART]);
  });

  it('names the artwork when neither address answers', async () => {
    const { fetch } = fetcher({ [ORIGINAL]: 502 });
    await expect(loadArtwork(fetch, { url: ART, fallbackUrl: ORIGINAL })).rejects.toThrow(
      `Cannot load ${ART}: HTTP 502`,
    );
    await expect(loadArtwork(fetch, { url: ART })).rejects.toThrow(
      `Cannot load ${ART}: Failed to fetch`,
    );
  });
});
