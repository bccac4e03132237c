import { imageProxyUrl } from './imageProxyUrl.js';
import { images } from './routes/images.js';

/** The proxy address of an external image fitted in `size` (local addresses stay as they are). */
export function imageLink(baseUrl: string, url: string, size: { w?: number; h?: number } = {}) {
  return imageProxyUrl(`${baseUrl}${images.proxy.path}`, url, size);
}
