import { API, type ArtworkSource, originalImageUrl } from '@printloom/core';

/** Where the tab reads an artwork's original bytes, and where else when that host says no. */
export interface ArtworkAddress {
  url: string;
  /**
   * For another host's artwork: the image proxy's byte-preserving answer (`/img?…&original=1`),
   * read only when the host does not let the page read its bytes (CORS). Never the resized WebP.
   */
  fallbackUrl?: string | undefined;
}

/**
 * The address of a planned artwork (core's planRowImages) for a tab on `origin`: the API's own
 * files and data:/blob: addresses as they are, other hosts at their own address first, so both
 * bulk workers draw from the same bytes the seller gave.
 */
export function artworkAddress(source: ArtworkSource, origin: string): ArtworkAddress {
  if (source.kind === 'inline') return { url: source.url };
  if (source.kind === 'api') return { url: new URL(source.path, origin).href };
  let parsed: URL;
  try {
    parsed = new URL(source.url);
  } catch {
    throw new Error(`Design url is invalid: ${source.url}`);
  }
  if (parsed.origin === origin) return { url: parsed.href };
  return {
    url: parsed.href,
    fallbackUrl: originalImageUrl(`${origin}${API.images.proxy.path}`, parsed.href),
  };
}
