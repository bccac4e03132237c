import { AS_IS_IMAGE_PREFIXES } from './constants.js';

/**
 * Where an image path points (spec §5): paths starting with http, images/ or data: are used as
 * they are. So are blob: addresses (a file the browser holds) and protocol-relative '//host/…'
 * addresses, which are already absolute. Anything else is a stored file key ('p/12/a.png',
 * '/p/12/a.png') and is read from the asset base: `assetBase` + '/' + the key, with one slash
 * between. Without an asset base the key becomes site-relative ('/p/12/a.png').
 */
export function resolveImagePath(path: string, assetBase = ''): string {
  const value = path.trim();
  if (value === '') throw new TypeError('Image path is empty');
  const lower = value.toLowerCase();
  if (
    AS_IS_IMAGE_PREFIXES.some((prefix) => lower.startsWith(prefix)) ||
    lower.startsWith('http') ||
    lower.startsWith('blob:') ||
    value.startsWith('//')
  ) {
    return value;
  }
  const key = value.replace(/^\/+/, '');
  return `${assetBase.replace(/\/+$/, '')}/${key}`;
}
