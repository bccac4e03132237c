import { ImageProxyQuery } from '../uploadSchemas.js';
import { route } from './RouteContract.js';

/** The image-resizing proxy (spec §7): external images fitted in a box, as webp. */
export const images = {
  proxy: route({
    method: 'GET',
    path: '/img',
    summary: 'Resize an external image to webp q90',
    tags: ['uploads'],
    auth: 'none',
    query: ImageProxyQuery,
    answer: { kind: 'binary', contentType: 'image/webp' },
    rateLimit: 'images',
    errors: [403, 404, 413, 422, 429, 502],
  }),
} as const;
