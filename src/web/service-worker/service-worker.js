// Nestmate's service worker (decision 098). The build prepends `self.NESTMATE_BUILD = { version, precache }`
// (./vite-plugin.ts): this build's scripts, styles, icons and offline page, every one of them the same for everyone.
// What it answers from its cache is only that list. Everything else, /api above all, goes to the network untouched:
// the worker never answers an API request from a cache and never stores a personal answer.
const { version, precache } = self.NESTMATE_BUILD
const CACHE = `nestmate-${version}`
const OFFLINE_PAGE = '/offline.html'
const PRECACHED = new Set(precache)

self.addEventListener('install', (event) => {
  // `reload`: past the browser's HTTP cache, so a half-deployed build's files are never taken in.
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(precache.map((url) => new Request(url, { cache: 'reload' })))),
  )
  // No skipWaiting here: a new build waits until the person presses Reload (the page's "new version" bar).
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('nestmate-') && name !== CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  )
})

self.addEventListener('message', (event) => {
  if (event.data?.type === 'skip-waiting') self.skipWaiting()
})

self.addEventListener('fetch', (event) => {
  const request = event.request
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return
  if (request.mode === 'navigate') {
    // Pages always come from the server (each has its own first paint and preloads); with no network, the offline page.
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE_PAGE, { cacheName: CACHE })))
    return
  }
  if (PRECACHED.has(url.pathname))
    event.respondWith(
      caches.match(url.pathname, { cacheName: CACHE }).then((cached) => cached ?? fetch(request)),
    )
})

// A push's payload is { title, body, url } (decision 099): show it; a tap opens its page.
self.addEventListener('push', (event) => {
  let payload = { title: 'Nestmate', body: '', url: '/dashboard' }
  try {
    payload = { ...payload, ...event.data?.json() }
  } catch {
    // Not JSON: the default notice, which still opens the dashboard.
  }
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: payload.url,
      data: { url: payload.url },
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const target = new URL(event.notification.data?.url ?? '/dashboard', self.location.origin)
  if (target.origin !== self.location.origin) return
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find(
        (client) => new URL(client.url).origin === target.origin && 'navigate' in client,
      )
      return open
        ? open.navigate(target.href).then((client) => (client ?? open).focus())
        : self.clients.openWindow(target.href)
    }),
  )
})
