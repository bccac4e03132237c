import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadArtwork } from './browserCanvas.js';

const API_FILE = 'https://seller.printloom.test/files/s1/a/7/art.png';
const ART = 'https://cdn.example.com/art.png';
const ORIGINAL =
  'https://seller.printloom.test/img?url=https%3A%2F%2Fcdn.example.com%2Fart.png&original=1';

/** A fetch that answers `answers[url]` with the address as the body, or fails like offline. */
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

const bitmap = (width = 10, height = 10) =>
  ({ width, height, close() {} }) as unknown as ImageBitmap;

describe('loading a bulk row artwork in the tab', () => {
  const decoded: string[] = [];
  beforeEach(() => {
    decoded.length = 0;
    // The decode is the browser's; what matters here is which bytes reach it.
    vi.stubGlobal('createImageBitmap', async (blob: Blob) => {
      decoded.push(await blob.text());
      return bitmap();
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("fetches the API's own files as they are", async () => {
    const { fetch, asked } = fetcher({ [API_FILE]: 200 });
    await loadArtwork(fetch, { url: API_FILE });
    expect(asked).toEqual([API_FILE]);
    expect(decoded).toEqual([API_FILE]);
  });

  it("reads another host's artwork at its own address when the host allows it", async () => {
    const { fetch, asked } = fetcher({ [ORIGINAL]: 200 });
    const read: string[] = [];
    const image = await loadArtwork(fetch, { url: ART, fallbackUrl: ORIGINAL }, async (url) => {
      read.push(url);
      return bitmap(30, 20);
    });
    expect(read).toEqual([ART]);
    expect(asked).toEqual([]);
    expect(image.width).toBe(30);
  });

  it("reads the proxy's original bytes when the host refuses the page (CORS)", async () => {
    const { fetch, asked } = fetcher({ [ORIGINAL]: 200 });
    await loadArtwork(fetch, { url: ART, fallbackUrl: ORIGINAL }, async () => {
      throw new Error('The source image cannot be decoded');
    });
    expect(asked).toEqual([ORIGINAL]);
    expect(decoded).toEqual([ORIGINAL]);
  });

  it('names the artwork when neither address answers, and refuses oversized images', async () => {
    const refused = async () => {
      throw new Error('CORS');
    };
    const { fetch } = fetcher({ [ORIGINAL]: 502 });
    await expect(loadArtwork(fetch, { url: ART, fallbackUrl: ORIGINAL }, refused)).rejects.toThrow(
      `Cannot load ${ART}: HTTP 502`,
    );
    await expect(loadArtwork(fetch, { url: API_FILE })).rejects.toThrow(
      `Cannot load ${API_FILE}: Failed to fetch`,
    );
    await expect(
      loadArtwork(fetch, { url: ART, fallbackUrl: ORIGINAL }, async () => bitmap(10_000, 6_000)),
    ).rejects.toThrow(`${ART} is too large (10000 × 6000); the most is 50 megapixels`);
  });
});
