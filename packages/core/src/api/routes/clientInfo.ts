import { route } from './RouteContract.js';

/** The visitor's address as the own host sees it (spec §7 client info). */
export const clientInfo = {
  trace: route({
    method: 'GET',
    path: '/cdn-cgi/trace',
    summary: "The caller's address and user agent (Cloudflare trace format)",
    description:
      'Plain `key=value` lines as Cloudflare answers this path, so the same client code works behind Cloudflare and without it.',
    tags: ['shell'],
    auth: 'none',
    answer: { kind: 'text', contentType: 'text/plain' },
  }),
} as const;
