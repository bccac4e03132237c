import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../http/errors.js';

/** Paths that are never pages: a miss under them is a JSON 404, never the web app. */
const NEVER_PAGES = ['/api/', '/api3/', '/files/', '/blob/', '/img', '/public/'];

/**
 * Whether a missed GET is a browser navigation to a dashboard route. Page and API paths share
 * prefixes (/auth/login is a page, POST /auth/seller/login an endpoint), so the request's
 * Accept header decides: navigations ask for text/html, API calls for JSON.
 */
export function isPageRequest(method: string, path: string, accept: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (NEVER_PAGES.some((prefix) => path.startsWith(prefix))) return false;
  if (/\.[a-z0-9]+$/i.test(path)) return false;
  return (accept ?? '').includes('text/html');
}

/**
 * Serves the built dashboard at / and answers every other non-API GET with index.html, so
 * client-side routes survive a reload.
 */
export async function registerWebApp(app: FastifyInstance, dist: string): Promise<boolean> {
  const root = resolve(dist);
  if (!existsSync(resolve(root, 'index.html'))) {
    app.log.warn({ root }, 'web app not built: run npm run build -w @printloom/web');
    return false;
  }
  // wildcard: files are looked up per request, so a rebuilt dashboard's new asset names are
  // served without a restart; a miss falls through to the not-found handler below.
  await app.register(fastifyStatic, { root, wildcard: true, index: ['index.html'] });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (isPageRequest(request.method, path, request.headers.accept)) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ success: false, message: MESSAGES.notFound });
  });
  return true;
}
