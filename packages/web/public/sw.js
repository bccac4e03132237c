// Printloom dashboard service worker (spec §7: /sw.js, scope /).
// It keeps the shell: the page at / and the hashed build files under /assets/, so a reload on a
// flaky connection still draws the dashboard. It never answers for the API, uploads, images or
// storefront pages: those always go to the network, so no seller ever sees stale data from here.
const CACHE = 'printloom-shell-v1';
const SHELL = '/';
// Build files are named by a hash of their content, so a cached one is never stale; the cache
// keeps the newest ones only, so deploys do not pile up.
const MAX_ASSETS = 300;
// Navigations under these paths are not dashboard pages (the server answers them itself).
const NOT_SHELL = ['/api/', '/api3/', '/files/', '/blob/', '/img', '/public/', '/s/', '/cdn-cgi/'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.add(new Request(SHELL, { cache: 'reload' })))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

async function trim(cache) {
  const keys = await cache.keys();
  const assets = keys.filter((request) => new URL(request.url).pathname.startsWith('/assets/'));
  for (const request of assets.slice(0, Math.max(0, assets.length - MAX_ASSETS))) {
    await cache.delete(request);
  }
}

// A page: the network first (a deploy is seen at once); when it cannot be reached, the shell
// kept from the last visit. The shell copy is refreshed from / itself, never from another page.
async function page(request) {
  try {
    const answer = await fetch(request);
    if (answer.ok) {
      caches
        .open(CACHE)
        .then((cache) => cache.add(new Request(SHELL, { cache: 'no-cache' })))
        .catch(() => undefined);
    }
    return answer;
  } catch (error) {
    const kept = await caches.match(SHELL);
    if (kept) return kept;
    throw error;
  }
}

// A build file: from the cache, else from the network and kept.
async function asset(request) {
  const kept = await caches.match(request);
  if (kept) return kept;
  const answer = await fetch(request);
  if (answer.ok) {
    const copy = answer.clone();
    caches
      .open(CACHE)
      .then((cache) => cache.put(request, copy).then(() => trim(cache)))
      .catch(() => undefined);
  }
  return answer;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (NOT_SHELL.some((prefix) => url.pathname.startsWith(prefix))) return;
    event.respondWith(page(request));
    return;
  }
  if (url.pathname.startsWith('/assets/')) event.respondWith(asset(request));
});
