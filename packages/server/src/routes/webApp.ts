import { existsSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_TTL_SECONDS } from '../config.js';
import { SESSION_COOKIE, SESSION_MARKER_COOKIE, sessionMarkerOf } from '../http/authContext.js';
import { MESSAGES } from '../http/errors.js';

/** A year, the longest max-age caches honour (RFC 9111 suggests no more). */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Kept, but asked about again every time: a new deploy is seen on the next load. */
export const REVALIDATE_CACHE_CONTROL = 'no-cache';

/**
 * Vite writes every chunk, style sheet and imported asset to assets/ under a name that carries
 * a hash of its content (`index-dstbEyH7.js`), so a file there never changes under its name.
 */
const HASHED_NAME = /-[A-Za-z0-9_-]{8}\.[a-z0-9.]+$/;

export function cacheControlFor(root: string, file: string): string {
  const inAssets = file.startsWith(`${root}${sep}assets${sep}`);
  return inAssets && HASHED_NAME.test(file) ? IMMUTABLE_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL;
}

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
 * The dashboard asks who is signed in only when the readable session marker is there (a
 * signed-out page then logs no 401). A document request whose session cookie has no marker, or
 * another session's (a cookie set by other means than the login answer), gets the marker of the
 * cookie it carries; the cookie itself is checked by the API as on every call.
 */
function markSession(request: FastifyRequest, reply: FastifyReply): void {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return;
  const marker = sessionMarkerOf(token);
  if (request.cookies[SESSION_MARKER_COOKIE] === marker) return;
  reply.setCookie(SESSION_MARKER_COOKIE, marker, {
    sameSite: 'lax',
    path: '/',
    maxAge: SESSION_TTL_SECONDS,
  });
}

/**
 * Serves the built dashboard at / and answers every other non-API GET with index.html, so
 * client-side routes survive a reload. The build writes a brotli and a gzip copy beside each
 * text file; a browser that accepts one gets it (`preCompressed`), with no compression work per
 * request. Hashed assets are cached for a year as immutable; index.html and the unhashed files
 * (fonts, icons) are revalidated on every load, so a deploy is picked up at once.
 */
export async function registerWebApp(app: FastifyInstance, dist: string): Promise<boolean> {
  const root = resolve(dist);
  if (!existsSync(resolve(root, 'index.html'))) {
    app.log.warn({ root }, 'web app not built: run npm run build -w @printloom/web');
    return false;
  }
  // wildcard: files are looked up per request, so a rebuilt dashboard's new asset names are
  // served without a restart; a miss falls through to the not-found handler below.
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, file) => {
      reply.header('cache-control', cacheControlFor(root, file));
    },
  });
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (
      path === '/' ||
      path === '/index.html' ||
      isPageRequest(request.method, path, request.headers.accept)
    ) {
      markSession(request, reply);
    }
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (isPageRequest(request.method, path, request.headers.accept)) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ success: false, message: MESSAGES.notFound });
  });
  return true;
}
