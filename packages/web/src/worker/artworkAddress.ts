/**
 * Where the tab may read an artwork's pixels from (spec §5 image paths, §7 image proxy): data:
 * and blob: addresses and the API's own files as they are ('images/…' from the site root);
 * other http(s) addresses through the image proxy, since a page may not read foreign pixels.
 */
export function artworkAddress(
  url: string,
  origin: string,
  proxy: (url: string) => string,
): string {
  const trimmed = url.trim();
  if (trimmed === '') throw new Error('Design url is invalid');
  if (/^(data|blob):/i.test(trimmed)) return trimmed;
  if (trimmed.startsWith('images/')) return `/${trimmed}`;
  if (!/^https?:\/\//i.test(trimmed)) return trimmed;
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    throw new Error(`Design url is invalid: ${trimmed}`);
  }
  return parsed.origin === origin ? trimmed : proxy(trimmed);
}
