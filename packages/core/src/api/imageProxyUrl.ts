/**
 * The image-resizing proxy address for an external image (spec §7): `{proxy}?url=&w=&h=`.
 * Local and non-http addresses are returned unchanged, as the spec exempts them.
 */
export function imageProxyUrl(
  proxyBase: string,
  url: string,
  size: { w?: number; h?: number } = {},
): string {
  if (!/^https?:\/\//i.test(url)) return url;
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return url;
  }
  if (host === 'localhost' || host === '127.0.0.1' || host === '[::1]') return url;
  const params = new URLSearchParams({ url });
  if (size.w !== undefined) params.set('w', String(size.w));
  if (size.h !== undefined) params.set('h', String(size.h));
  return `${proxyBase}?${params.toString()}`;
}

/**
 * The image proxy address that answers an external image's original bytes, unchanged (no
 * resizing, no re-encoding): for a page that must read the pixels of a host that does not allow
 * it (CORS), where the resized WebP would lose detail a print file needs.
 */
export function originalImageUrl(proxyBase: string, url: string): string {
  return `${proxyBase}?${new URLSearchParams({ url, original: '1' }).toString()}`;
}
