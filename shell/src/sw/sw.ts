/// <reference lib="webworker" />
/**
 * Weightwise's service worker, the one worker of the site (scope /). It keeps the app usable with no connection:
 * the shell's own build is precached (its list is written in at build time); the remotes, deployed on their own,
 * are cached as they are read, network first for the files that say which build is current (remotes.json,
 * mf-manifest.json, remoteEntry.js, the page) so a redeployed remote is used on the next online load, cache first
 * for their content-hashed chunks. Push notifications are handled by push-sw.js, pulled in here.
 */
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { SEND_PENDING_MESSAGE, SYNC_TAG } from '../offline/workerNames';
import { apiCacheName, userOfAuthorization } from '../offline/apiCaches';
import { isDeployPointer, isHashedAsset, remoteFiles, type FederationManifest } from './remoteFiles';
import { conditionalReads } from './conditionalReads';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

importScripts('/push-sw.js');

const PAGES_CACHE = 'weightwise-pages';
const REMOTES_CACHE = 'weightwise-remotes';
const ASSETS_CACHE = 'weightwise-assets';
/** Every route is the same page: one cached copy serves them all offline. */
const PAGE_KEY = '/index.html';

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// Pages: the network's answer when there is one, else the last page seen.
registerRoute(
  ({ request }) => request.mode === 'navigate',
  async ({ request }) => {
    const cache = await caches.open(PAGES_CACHE);
    try {
      const response = await fetch(request);
      if (response.ok) await cache.put(PAGE_KEY, response.clone());
      return response;
    } catch (error) {
      const cached = await cache.match(PAGE_KEY);
      if (cached) return cached;
      throw error;
    }
  },
);

const sameOrigin = (url: URL) => url.origin === self.location.origin;

registerRoute(({ url, request }) => request.method === 'GET' && isHashedAsset(url.pathname), new CacheFirst({ cacheName: ASSETS_CACHE }));
registerRoute(
  ({ url, request }) => request.method === 'GET' && sameOrigin(url) && isDeployPointer(url.pathname),
  new NetworkFirst({ cacheName: REMOTES_CACHE }),
);
/** Answers worth keeping: the data, and "there is none" (no goal set, no weight yet), which a screen shows as such. */
const KEPT_API_STATUS = new Set([200, 404]);
// No time limit on the network: a slow answer is still the current one (a stale build or stale data would be
// worse than waiting); the cached copy is for no connection at all.
// The last data each screen read, for the read-only screens offline (sign-in and tokens are never kept), and asked
// for again conditionally, so an unchanged answer comes back as a 304 without its rows. Each person's answers are
// kept apart, by the user the request's access token names: another person on this browser never reads them.
const apiStrategies = new Map<string, NetworkFirst>();
function apiStrategy(userId: string): NetworkFirst {
  let strategy = apiStrategies.get(userId);
  if (!strategy) {
    const cacheName = apiCacheName(userId);
    strategy = new NetworkFirst({
      cacheName,
      plugins: [
        conditionalReads(async (request) => (await caches.open(cacheName)).match(request)),
        { cacheWillUpdate: async ({ response }) => (KEPT_API_STATUS.has(response.status) ? response : null) },
      ],
    });
    apiStrategies.set(userId, strategy);
  }
  return strategy;
}
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && sameOrigin(url) && url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/auth/'),
  ({ request, event }) => {
    const userId = userOfAuthorization(request.headers.get('Authorization'));
    // nobody named: nothing to keep, and nothing of anyone's to give
    return userId ? apiStrategy(userId).handle({ request, event }) : fetch(request);
  },
);

/** The page and the current build of every remote, so screens not yet opened also work offline. */
async function warmCaches(): Promise<void> {
  await (await caches.open(PAGES_CACHE)).add(PAGE_KEY);
  const remotesResponse = await fetch('/remotes.json', { cache: 'no-cache' });
  if (!remotesResponse.ok) return;
  const remotesCache = await caches.open(REMOTES_CACHE);
  await remotesCache.put('/remotes.json', remotesResponse.clone());
  const { remotes } = (await remotesResponse.json()) as { remotes: Array<{ entry: string }> };
  const assets = await caches.open(ASSETS_CACHE);
  await Promise.all(
    remotes.map(async ({ entry }) => {
      const manifestUrl = new URL(entry, self.location.origin).href;
      if (!sameOrigin(new URL(manifestUrl))) return;
      const res = await fetch(manifestUrl, { cache: 'no-cache' });
      if (!res.ok) return;
      await remotesCache.put(manifestUrl, res.clone());
      const files = remoteFiles(manifestUrl, (await res.json()) as FederationManifest);
      await Promise.all(
        files.map(async (file) => {
          const target = isHashedAsset(new URL(file).pathname) ? assets : remotesCache;
          if (await target.match(file)) return;
          const fileRes = await fetch(file);
          if (fileRes.ok) await target.put(file, fileRes);
        }),
      );
    }),
  );
}

self.addEventListener('install', (event) => {
  // a remote that cannot be read now is cached when it is next used: it must not stop the worker from installing
  event.waitUntil(warmCaches().catch((error) => console.warn('[sw] warming the caches failed:', error)));
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

// Background Sync: the connection is back. Entries are sent by an open page, which holds the session.
self.addEventListener('sync', (event: Event) => {
  const sync = event as Event & { tag: string; waitUntil(p: Promise<unknown>): void };
  if (sync.tag !== SYNC_TAG) return;
  sync.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((windows) => {
      for (const w of windows) w.postMessage({ type: SEND_PENDING_MESSAGE });
    }),
  );
});
