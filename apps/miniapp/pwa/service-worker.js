// The app's service worker: the app shell and every hashed asset of this build are cached at
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

// Web Push (issue #32): a guest message for the guest's status page. The payload (contracts
// PushPayload) carries every word, the buttons' titles among them: the worker has no i18n. The
// worker tells the API what became of it on the guest's reach endpoint, by the page's token.
const GUEST_ANSWERS = ['coming', 'not_coming'];

function reach(subject, body) {
  if (
    !subject ||
    (subject.kind !== 'queue' && subject.kind !== 'booking') ||
    typeof subject.token !== 'string'
  )
    return Promise.resolve();
  return fetch(`/api/public/${subject.kind}/${encodeURIComponent(subject.token)}/reach/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'omit',
  }).catch(() => undefined);
}

self.addEventListener('push', (event) => {
  let message = null;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    message = null;
  }
  if (!message || typeof message.title !== 'string' || typeof message.message_id !== 'number') return;
  const actions = (Array.isArray(message.actions) ? message.actions : [])
    .filter((a) => a && GUEST_ANSWERS.includes(a.action) && typeof a.title === 'string')
    .map((a) => ({ action: a.action, title: a.title }));
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(message.title, {
        body: typeof message.body === 'string' ? message.body : '',
        // One notification per message: a repeat of it replaces the one shown, and rings again.
        tag: `guest-message-${message.message_id}`,
        renotify: true,
        lang: 'ru',
        icon: '/icon-192.png',
        requireInteraction: actions.length > 0,
        actions,
        data: { url: message.url, subject: message.subject, message_id: message.message_id },
      }),
      reach(message.subject, { event: 'delivered', message_id: message.message_id }),
    ]),
  );
});

/** The guest's status page: a window that shows it is focused, else one is opened. */
async function openPage(url) {
  const target = new URL(typeof url === 'string' && url ? url : '/', self.location.origin);
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => {
    const at = new URL(client.url);
    return at.origin === target.origin && at.pathname === target.pathname;
  });
  if (open) return open.focus();
  return self.clients.openWindow(target.href);
}

self.addEventListener('notificationclick', (event) => {
  const data = event.notification.data || {};
  event.notification.close();
  if (GUEST_ANSWERS.includes(event.action)) {
    event.waitUntil(reach(data.subject, { event: event.action, message_id: data.message_id }));
    return;
  }
  event.waitUntil(openPage(data.url));
});
