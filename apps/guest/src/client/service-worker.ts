/// <reference lib="webworker" />
// The guest pages' service worker: the last copy of each menu page read here stays on the device, so
// with no signal the page still opens, saying when it was last updated. Pages go to the network first;
// the script (named by its hash) is served from the cache.

import { isGuestPagePath } from '@carta/contract/guest-paths';
import { offlineTime } from './offline-time.ts';

declare const self: ServiceWorkerGlobalScope;

const PAGES = 'carta-pages-v1';
const ASSETS = 'carta-assets-v1';
const SAVED_AT = 'x-carta-saved-at';

self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** Keeps a copy of a page answer with the time it was saved. */
const save = async (request: Request | string, response: Response) => {
  if (response.status !== 200 || !(response.headers.get('content-type') ?? '').includes('text/html')) return;
  // A page that must not be kept (the owner's preview, 0073) is not kept here either.
  if ((response.headers.get('cache-control') ?? '').includes('no-store')) return;
  const headers = new Headers(response.headers);
  headers.set(SAVED_AT, new Date().toISOString());
  headers.delete('vary');
  const cache = await caches.open(PAGES);
  await cache.put(request, new Response(await response.clone().text(), { status: 200, headers }));
};

/** The saved copy, with a line saying when it was saved, in the page's own words. */
const offlineCopy = async (request: Request) => {
  const cached = await (await caches.open(PAGES)).match(request, { ignoreVary: true });
  if (!cached) return Response.error();
  const html = await cached.text();
  const savedAt = new Date(cached.headers.get(SAVED_AT) ?? Date.now());
  const language = html.match(/<html lang="([a-z]{2})"/)?.[1] ?? 'it';
  const template = html.match(/data-offline="([^"]*)"/)?.[1] ?? 'Last updated at {time}';
  const time = offlineTime(language, savedAt);
  const notice = `<p class="offline" role="status">${template.replace('{time}', time)}</p>`;
  return new Response(html.replace(/<body>/, `<body>${notice}`), {
    headers: { 'content-type': 'text/html; charset=utf-8' },
  });
};

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/public/assets/')) {
    event.respondWith(
      (async () => {
        const cache = await caches.open(ASSETS);
        const cached = await cache.match(event.request);
        if (cached) return cached;
        const response = await fetch(event.request);
        if (response.ok) await cache.put(event.request, response.clone());
        return response;
      })(),
    );
    return;
  }
  if (event.request.mode !== 'navigate' || !isGuestPagePath(url.pathname)) return;
  event.respondWith(
    (async () => {
      try {
        const response = await fetch(event.request);
        await save(event.request, response.clone());
        return response;
      } catch {
        return offlineCopy(event.request);
      }
    })(),
  );
});

// The first visit is not served through the worker: the page asks for itself to be saved.
self.addEventListener('message', (event) => {
  const url = (event.data as { save?: string } | null)?.save;
  if (!url || !isGuestPagePath(new URL(url).pathname)) return;
  event.waitUntil(
    fetch(url, { credentials: 'omit' })
      .then((response) => save(url, response))
      .catch(() => {}),
  );
});
