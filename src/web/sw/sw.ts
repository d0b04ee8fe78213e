import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { API_PREFIX } from '../../shared/api/endpoint';
import { notificationsApi } from '../../shared/api/notifications';
import { isPushPayload, type PushPayload } from '../../shared/push-payload';
import { isRecord } from '../../shared/records';

/**
 * Soul Tribe's service worker (docs/decisions/049 and 062). What it caches:
 * - precached at install (the list Workbox writes into `__WB_MANIFEST`, vite.config.ts): the app
 *   shell (index.html, the offline page and its mark, the manifest) and the entry's scripts and
 *   style sheets, which the page has just loaded, so a first visit does not download the app twice;
 * - when first used, the rest of the build's `/assets/` (a page's lazy chunks, fonts, images):
 *   hashed, so kept and served from the cache without asking the network again; and the manifest's
 *   icons, served from the cache and refreshed behind it (their names carry no hash);
 * - nothing else. Navigations go to the network, so each page gets its server-rendered head tags
 *   and current data; only when the network is down does a navigation get the precached offline
 *   page ('You are offline — readings need a connection'), at the address asked for, so its
 *   'Try again' asks for that page again.
 * - `/api` and `/socket.io` are never touched: their answers are about money and people's
 *   state now, and a stale one would be wrong.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

declare global {
  // Chromium shows a notification's buttons; the field is not in every type library.
  interface NotificationOptions {
    actions?: { action: string; title: string }[];
  }
}

const OFFLINE_PAGE = '/offline.html';

const isNeverCached = (pathname: string) =>
  pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`) || pathname.startsWith('/socket.io');

/**
 * A new version waits (no skipWaiting at install) until the page asks for it ('Reload to update')
 * or the next navigation finds it waiting with this tab the only one open: then it takes over and
 * the page reloads under it, so a tab never runs a mix of old scripts and a new worker.
 */
self.addEventListener('message', (event) => {
  if (isRecord(event.data) && event.data.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || isNeverCached(url.pathname)) {
    event.stopImmediatePropagation();
    return;
  }
  if (request.mode !== 'navigate') return;
  event.stopImmediatePropagation();
  event.respondWith(navigate(request));
});

async function navigate(request: Request): Promise<Response> {
  const waiting = self.registration.waiting;
  if (waiting && (await self.clients.matchAll({ type: 'window' })).length <= 1) {
    waiting.postMessage({ type: 'SKIP_WAITING' });
    // An empty page that reloads at once, then under the new worker (Jake Archibald's recipe).
    return new Response('', { headers: { Refresh: '0' } });
  }
  try {
    return await fetch(request);
  } catch (error) {
    const offline = await matchPrecache(OFFLINE_PAGE);
    if (!offline) throw error;
    return offline;
  }
}

cleanupOutdatedCaches();
// Only the precached files themselves: no directory index or clean URLs, navigations are ours above.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
// After the precache's own route, which answers for the entry's files first. Each deploy brings new
// hashed names: past 250 files (a whole build is about 190) the least recently used leave, and any
// file unused for 30 days.
registerRoute(
  ({ url }) => url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: 'assets',
    plugins: [new ExpirationPlugin({ maxEntries: 250, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true })],
  }),
);
registerRoute(({ url }) => url.pathname.startsWith('/icons/'), new StaleWhileRevalidate({ cacheName: 'icons' }));

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  if (!payload) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      // The whole payload, which the click reads back for the paths to open.
      data: payload,
      // Chromium shows buttons; other browsers ignore the field.
      actions: (payload.actions ?? []).map(({ action, title }) => ({ action, title })),
    }),
  );
});

function readPayload(data: PushMessageData | null): PushPayload | null {
  try {
    const payload: unknown = data?.json();
    return isPushPayload(payload) ? payload : null;
  } catch {
    return null;
  }
}

/** A click opens the notification's page (or its button's), in an open tab of the app when there is one. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data: unknown = event.notification.data;
  if (!isPushPayload(data)) return;
  const path = data.actions?.find((action) => action.action === event.action)?.url ?? data.url;
  event.waitUntil(openPage(new URL(path, self.location.origin).href));
});

async function openPage(href: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  // navigate() works only on a page this worker controls; any other opens a new window.
  const navigated = open
    ? await open
        .focus()
        .then((focused) => focused.navigate(href))
        .catch(() => null)
    : null;
  if (!navigated) await self.clients.openWindow(href);
}

/**
 * The browser replaced this device's subscription (its push service rotated it, or it expired): the
 * new one is saved for the person signed in here, so their pushes keep arriving. The old endpoint
 * answers 410 at its next push and is forgotten by the server (push-worker.ts).
 */
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(saveReplacement(event.oldSubscription, event.newSubscription));
});

async function saveReplacement(old: PushSubscription | null, replacement: PushSubscription | null): Promise<void> {
  const subscription = replacement ?? (old ? await self.registration.pushManager.subscribe(old.options) : null);
  if (!subscription) return;
  const { method, path } = notificationsApi.savePushSubscription;
  await fetch(path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(subscription.toJSON()),
  });
}
