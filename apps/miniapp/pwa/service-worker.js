// The staff app's service worker: the app shell and every hashed asset of this build are cached at
// install, so the app opens at once and without a network; the API is never cached (the screens
// keep their own last data and say when it is from). The build fills in the two constants below
// (pwa/pwa-plugin.ts); a new build is a new worker with a new cache, and the old caches go.
const VERSION = '__STOLIK_VERSION__';
const PRECACHE = __STOLIK_PRECACHE__;
const CACHE = `stolik-${VERSION}`;
const SHELL = '/index.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((key) => key.startsWith('stolik-') && key !== CACHE).map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname === '/api' || url.pathname.startsWith('/api/'))
    return;

  if (request.mode === 'navigate') {
    // Every page of the app is the same shell: from the cache at once, the network only without one.
    event.respondWith(caches.match(SHELL, { cacheName: CACHE }).then((cached) => cached ?? fetch(request)));
    return;
  }
  event.respondWith(
    // ignoreVary: the API varies its answers on Origin, a module script asks with one, the install did not.
    caches.match(request, { cacheName: CACHE, ignoreVary: true }).then(
      (cached) =>
        cached ??
        fetch(request).then((response) => {
          // A hashed asset never changes: keep what was fetched later (a chunk added by an update).
          if (response.ok && url.pathname.startsWith('/assets/')) {
            const copy = response.clone();
            void caches.open(CACHE).then((cache) => cache.put(request, copy));
          }
          return response;
        }),
    ),
  );
});
