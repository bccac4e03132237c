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
