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
import { ExpirationPlugin } from 'workbox-expiration';
import { SEND_PENDING_MESSAGE, SYNC_TAG } from '../offline/workerNames';
import { apiCacheName, keptAnswer, userOfAuthorization, userOfOfflineRead } from '../offline/apiCaches';
import {
  earlierBuildFiles,
  entriesInPage,
  isDeployPointer,
  isHashedAsset,
  manifestBeside,
  remoteFiles,
  type FederationManifest,
} from './remoteFiles';
import { isManifestEntry } from '../federation/manifestEntry';
import { conditionalReads } from './conditionalReads';
import { addContentNamedRoutes } from './staticRoutes';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

importScripts('/push-sw.js');

const PAGES_CACHE = 'weightwise-pages';
const REMOTES_CACHE = 'weightwise-remotes';
const ASSETS_CACHE = 'weightwise-assets';
/** Every route is the same page: one cached copy serves them all offline. */
const PAGE_KEY = '/index.html';

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// Pages: the network's answer when there is one, else the last page seen. The browser asks for the page while a
// stopped worker starts (navigation preload); the copy is kept after the page is handed over, with the build of any
// remote it names that is not cached yet (deployed since the install). The API's own pages (an e-mail's unsubscribe
// link, the API docs) are not the app's: left to the network, never kept as the page the app opens offline with.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && sameOrigin(url) && !url.pathname.startsWith('/api/'),
  async ({ request, event }) => {
    const fetchEvent = event as FetchEvent;
    try {
      const response = ((await fetchEvent.preloadResponse) as Response | undefined) ?? (await fetch(request));
      if (response.ok && isPage(response)) fetchEvent.waitUntil(keepPage(response.clone(), response.clone()));
      return response;
    } catch (error) {
      const cached = await (await caches.open(PAGES_CACHE)).match(PAGE_KEY);
      if (cached) return cached;
      throw error;
    }
  },
);

const isPage = (response: Response) => (response.headers.get('Content-Type') ?? '').startsWith('text/html');

async function keepPage(copy: Response, read: Response): Promise<void> {
  await (await caches.open(PAGES_CACHE)).put(PAGE_KEY, copy);
  const entries = entriesInPage(await read.text(), read.url || self.location.origin);
  await Promise.all(
    entries.map(async (entry) => {
      // an entry named by its manifest is seen when the manifest is read (the deploy pointers' route)
      if (sameOrigin(new URL(entry)) && !isManifestEntry(entry) && !(await caches.match(entry)))
        await cacheRemoteBuild(manifestBeside(entry));
    }),
  );
}

const sameOrigin = (url: URL) => url.origin === self.location.origin;

registerRoute(({ url, request }) => request.method === 'GET' && isHashedAsset(url.pathname), new CacheFirst({ cacheName: ASSETS_CACHE }));
const deployPointers = new NetworkFirst({ cacheName: REMOTES_CACHE });
// A manifest read online names the remote's current build: cached now if it is new, for the screen offline.
registerRoute(
  ({ url, request }) => request.method === 'GET' && sameOrigin(url) && isDeployPointer(url.pathname),
  async ({ request, event }) => {
    const response = await deployPointers.handle({ request, event });
    if (response.ok && request.url.endsWith('/mf-manifest.json')) {
      // with no connection the files are cached the next time there is one
      const caching = response
        .clone()
        .json()
        .then((manifest: FederationManifest) => cacheRemoteBuild(request.url, manifest))
        .catch(() => undefined);
      (event as FetchEvent).waitUntil(caching);
    }
    return response;
  },
);
/** Answers worth keeping: the data, and "there is none" (no goal set, no weight yet), which a screen shows as such. */
const KEPT_API_STATUS = new Set([200, 404]);
/** A person's answers kept for reading offline: every screen's current reads, many times over. */
const API_ANSWERS_KEPT = 300;
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
        // every period read is a new address (its dates): years of use would keep them all, so the least recently
        // read go first
        new ExpirationPlugin({ maxEntries: API_ANSWERS_KEPT, purgeOnQuotaError: true }),
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
    if (userId) return apiStrategy(userId).handle({ request, event });
    // the app opened offline for a remembered person: this device's copy or nothing (no credentials to send on)
    const offlineUser = userOfOfflineRead(request);
    if (offlineUser) return keptAnswer(caches, offlineUser, request);
    // nobody named: nothing to keep, and nothing of anyone's to give
    return fetch(request);
  },
);

/** The page and the current build of every remote, so screens not yet opened also work offline. */
async function warmCaches(): Promise<void> {
  await (await caches.open(PAGES_CACHE)).add(PAGE_KEY);
  const remotesResponse = await fetch('/remotes.json', { cache: 'no-cache' });
  if (!remotesResponse.ok) return;
  await (await caches.open(REMOTES_CACHE)).put('/remotes.json', remotesResponse.clone());
  const { remotes } = (await remotesResponse.json()) as { remotes: Array<{ entry: string }> };
  await Promise.all(
    remotes.map(async ({ entry }) => {
      const manifestUrl = new URL(entry, self.location.origin).href;
      if (sameOrigin(new URL(manifestUrl))) await cacheRemoteBuild(manifestUrl);
    }),
  );
}

/**
 * One remote's build as its manifest lists it (read now unless given): the chunks first, its entry last, so that a
 * cached entry means its chunks are cached too (the page reads each cached file without asking the worker).
 */
async function cacheRemoteBuild(manifestUrl: string, read?: FederationManifest): Promise<void> {
  const remotesCache = await caches.open(REMOTES_CACHE);
  let manifest = read;
  if (!manifest) {
    const res = await fetch(manifestUrl, { cache: 'no-cache' });
    if (!res.ok) return;
    await remotesCache.put(manifestUrl, res.clone());
    manifest = (await res.json()) as FederationManifest;
  }
  const assets = await caches.open(ASSETS_CACHE);
  let newBuild = false;
  const store = async (file: string) => {
    const target = isHashedAsset(new URL(file).pathname) ? assets : remotesCache;
    if (await target.match(file)) return;
    const fileRes = await fetch(file);
    if (!fileRes.ok) return;
    await target.put(file, fileRes);
    newBuild = true;
  };
  const files = remoteFiles(manifestUrl, manifest);
  const isEntry = (file: string) => /\/remoteEntry[^/]*\.js$/.test(new URL(file).pathname);
  await Promise.all(files.filter((f) => !isEntry(f)).map(store));
  await Promise.all(files.filter(isEntry).map(store));
  // a build not seen before replaces one: those before it may go
  if (newBuild) await dropEarlierBuilds(assets, manifestUrl, manifest);
}

/** A remote's replaced builds leave the device a week after they were cached (remoteFiles.ts, earlierBuildFiles). */
async function dropEarlierBuilds(assets: Cache, manifestUrl: string, manifest: FederationManifest): Promise<void> {
  const cached = await Promise.all(
    (await assets.keys()).map(async (request) => {
      const date = (await assets.match(request))?.headers.get('Date');
      const cachedAt = date ? Date.parse(date) : NaN;
      return { url: request.url, cachedAt: Number.isNaN(cachedAt) ? null : cachedAt };
    }),
  );
  await Promise.all(earlierBuildFiles(cached, manifestUrl, manifest, Date.now()).map((url) => assets.delete(url)));
}

self.addEventListener('install', (event) => {
  event.waitUntil(addContentNamedRoutes(event));
  // a remote that cannot be read now is cached when it is next used: it must not stop the worker from installing
  event.waitUntil(warmCaches().catch((error) => console.warn('[sw] warming the caches failed:', error)));
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(Promise.all([self.clients.claim(), self.registration.navigationPreload?.enable()]));
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
