import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { within } from '@app/server-kit';
import type { ResolvedRemote } from './remotes';

/**
 * The remote screen a page load at each path shows first, as `<container>/<exposed module>`. It mirrors the
 * shell's route table (a test keeps the two equal); the server cannot import that table, which brings React.
 */
const SCREEN_FOR_PATH: Record<string, string> = {
  '/login': 'mf_auth/Login',
  '/register': 'mf_auth/Register',
  '/forgot-password': 'mf_auth/ForgotPassword',
  '/reset-password': 'mf_auth/ResetPassword',
  '/dashboard': 'mf_overview/Overview',
  '/dashboard/overview': 'mf_overview/Overview',
  '/dashboard/analytics': 'mf_analytics/Analytics',
  '/dashboard/settings': 'mf_settings/Settings',
};

export function screenForPath(pathname: string): string | undefined {
  return SCREEN_FOR_PATH[pathname.replace(/\/+$/, '') || '/'];
}

interface ManifestAssets {
  js: { sync: string[] };
  css: { sync: string[] };
}

/** The parts of a remote's mf-manifest.json the hints need. */
export interface RemoteManifest {
  metaData: { remoteEntry: { name: string; path: string } };
  exposes: Array<{ path: string; assets: ManifestAssets }>;
  shared: Array<{ name: string; assets: ManifestAssets }>;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Where a remote's files are, from the URL remotes.json gives for it (its folder, or its manifest's). */
function baseOf(remote: Pick<ResolvedRemote, 'url'>): string {
  return remote.url.endsWith('.json') ? remote.url.slice(0, remote.url.lastIndexOf('/') + 1) : remote.url;
}

/** The remote's current remoteEntry.js, as its manifest names it. */
export function remoteEntryUrl(remote: Pick<ResolvedRemote, 'url'>, manifest: RemoteManifest): string {
  const { remoteEntry } = manifest.metaData;
  return baseOf(remote) + (remoteEntry.path ? `${remoteEntry.path.replace(/\/?$/, '/')}${remoteEntry.name}` : remoteEntry.name);
}

/**
 * The remotes as this page load knows them, for the shell to register without asking for /remotes.json: each at its
 * current remoteEntry.js when its manifest could be read (the federation runtime then loads that script at once,
 * instead of fetching the manifest first and the script after), else at its manifest, as remotes.json names it.
 * With them, the remote screen the page shows first and the path it is for (the offline app serves one saved page at
 * every path), so the shell's first script starts loading that screen before React and kit are there. A JSON data block: never run, so the page's script policy stays without inline scripts.
 */
export function remotesTag(remotes: Array<{ name: string; entry: string }>, first?: { path: string; screen: string }): string {
  const json = JSON.stringify(first ? { remotes, ...first } : { remotes }).replace(/</g, '\\u003c');
  return `<script type="application/json" id="remotes">${json}</script>`;
}

/**
 * The tags that let the browser fetch a route's remote screen while the shell's own scripts are still downloading,
 * instead of after them: its remoteEntry.js, the exposed module's styles (preloaded; the shell applies them as it
 * starts, hintedStyles.ts), and the exposed module's chunks with the chunks of shared modules the shell does not
 * provide (the remote brings those itself, e.g. the chart). The scripts are deferred: they run in the page's order once
 * it is parsed, after the shell's first script (named first in the page, so it starts the screen's reads before any of
 * them runs), and a chunk only registers its modules with the remote's chunk list. When the screen is asked for, its
 * entry has run and its files are there, instead of being fetched and run one after another. Each chunk's tag names
 * its remote (`data-remote-chunk`): the shell starts the remote once they have run (hintedChunks.ts).
 */
export function hintTags(
  remote: Pick<ResolvedRemote, 'url' | 'name'>,
  manifest: RemoteManifest,
  expose: string,
  shellShared: Set<string>,
): string[] {
  const at = (file: string) => escapeAttr(baseOf(remote) + file);
  const tags = [`<script defer src="${escapeAttr(remoteEntryUrl(remote, manifest))}" fetchpriority="high"></script>`];
  const exposed = manifest.exposes.find((e) => e.path === `./${expose}`);
  const scripts = new Set(exposed?.assets.js.sync ?? []);
  for (const s of manifest.shared) if (!shellShared.has(s.name)) for (const f of s.assets.js.sync) scripts.add(f);
  // the scripts at high priority, as the shell's own are: at low, Chromium holds them back while the page's
  // high-priority files are in flight, even when every file comes from the cache; the styles only wait to be
  // applied, so they stay low
  for (const f of exposed?.assets.css.sync ?? [])
    tags.push(`<link rel="preload" href="${at(f)}" as="style" fetchpriority="low" data-remote-style="${escapeAttr(remote.name)}" />`);
  for (const f of scripts)
    tags.push(`<script defer src="${at(f)}" fetchpriority="high" data-remote-chunk="${escapeAttr(remote.name)}"></script>`);
  return tags;
}

/**
 * The shell's own files that load behind its async boundary: the app's chunk (from boot-assets.json, written by
 * the build) and the shared modules it provides. Named in the page, they download with main.js, not after it, and run
 * right after it (deferred): a chunk only registers its modules, so when main.js asks for them they are there, instead
 * of being fetched and run one after another; run before it, as they arrive, they held back its first reads. Files
 * only a later action loads (`lazy`: the entry dialog with the schemas it checks with) are left to that action.
 */
export function bootTags(shell: Pick<RemoteManifest, 'shared'>, bootFiles: string[], lazy: string[] = []): string[] {
  const files = new Set(bootFiles);
  for (const s of shell.shared) for (const f of [...s.assets.js.sync, ...(s.assets.css?.sync ?? [])]) files.add(f);
  for (const f of lazy) files.delete(f);
  return [...files].map((f) =>
    f.endsWith('.css')
      ? `<link rel="preload" href="/${escapeAttr(f)}" as="style" />`
      : `<script defer src="/${escapeAttr(f)}" fetchpriority="high"></script>`,
  );
}

/** Puts the tags at the end of the page's <head>. */
export function withHints(html: string, tags: string[]): string {
  if (!tags.length) return html;
  const at = html.indexOf('</head>');
  return at < 0 ? html : `${html.slice(0, at)}${tags.join('')}${html.slice(at)}`;
}

interface CachedManifest {
  etag?: string;
  manifest: RemoteManifest;
}

/** A remote's manifest as the server last saw it. */
interface ManifestState {
  /** the last manifest read, for a 304 and for a remote that is slow to answer */
  cached?: CachedManifest;
  /** what the last finished check found: the manifest, or nothing when the remote was down or broken */
  current?: RemoteManifest;
  checking?: Promise<RemoteManifest | undefined>;
  /** when a page of the remote's route last had its check finish (performance.now()) */
  pageCheckedAt?: number;
}

/** Where the server reads a remote's manifest: its proxy upstream, or its own public URL when it has one. */
function manifestSource(remote: ResolvedRemote): string {
  return /^https?:\/\//.test(remote.entry) ? remote.entry : `${remote.upstream}/mf-manifest.json`;
}

/** How the shell's server checks the remotes its pages hint: shared by a route's pages, bounded in time, repeated. */
export interface RouteHintsOptions {
  /**
   * A page of a remote's route reuses the check another page of that route made this recently, instead of asking the
   * remote again: a burst of loads (many visitors, a reload right after a load) costs the remote's server one
   * conditional request, and those pages are not held back by its round trip. Shorter than the quickest remote build,
   * so the first page after a deploy still asks.
   */
  sharedCheckMs?: number;
  /** A remote slower than this is hinted as last seen. */
  timeoutMs?: number;
  /** Every remote is checked this often, for the pages of other routes that name it as last seen. */
  recheckMs?: number;
  /** How the manifests are fetched (the global fetch). */
  fetch?: typeof fetch;
}

/**
 * Route hints from the remotes' current manifests. The route's own remote is revalidated before its page goes out (a
 * 304 on an unchanged remote), unless a page of the same route did so within `sharedCheckMs`, so a remote redeployed
 * alone is loaded and hinted at its new files from the next check; a remote that is slow costs at most `timeoutMs` (its
 * last manifest is used), and a remote that is down goes without hints. The page's other remotes are named as the last
 * check found them, and checked every `recheckMs` (and whenever a page of theirs is served): the page neither waits for
 * three more servers nor has them answer while the browser runs the screen's first reads. An entry gone since (that
 * remote redeployed) costs the shell one more step: it asks remotes.json for the remote's manifest before it gives up
 * on a screen.
 */
export function createRouteHints(
  remotes: ResolvedRemote[],
  distDir: string,
  { sharedCheckMs = 2_000, timeoutMs = 300, recheckMs = 15_000, fetch: fetchManifest = fetch }: RouteHintsOptions = {},
) {
  const states = new Map<string, ManifestState>(remotes.map((r) => [r.name, {}]));

  async function read(remote: ResolvedRemote, state: ManifestState): Promise<RemoteManifest | undefined> {
    const { cached } = state;
    try {
      return await within(timeoutMs, async (signal) => {
        const res = await fetchManifest(manifestSource(remote), { headers: cached?.etag ? { 'If-None-Match': cached.etag } : {}, signal });
        if (res.status === 304 && cached) return cached.manifest;
        if (!res.ok) {
          await res.body?.cancel();
          return undefined;
        }
        const manifest = (await res.json()) as RemoteManifest;
        if (!manifest?.metaData?.remoteEntry || !Array.isArray(manifest.exposes) || !Array.isArray(manifest.shared)) return undefined;
        state.cached = { etag: res.headers.get('etag') ?? undefined, manifest };
        return manifest;
      });
    } catch (err) {
      // slow: the last manifest seen; down: no hints rather than hints at files that may be gone
      return err instanceof Error && err.name === 'TimeoutError' ? cached?.manifest : undefined;
    }
  }

  /** Checks the remote's manifest now; a check already on its way (another page load's) is shared. */
  function manifestOf(remote: ResolvedRemote): Promise<RemoteManifest | undefined> {
    const state = states.get(remote.name)!;
    state.checking ??= read(remote, state).then((manifest) => {
      Object.assign(state, { current: manifest, checking: undefined });
      return manifest;
    });
    return state.checking;
  }

  /** The route's remote for its page: checked now, unless a page of the route had it checked within `sharedCheckMs`. */
  function routeManifest(remote: ResolvedRemote): Promise<RemoteManifest | undefined> {
    const state = states.get(remote.name)!;
    if (state.pageCheckedAt !== undefined && performance.now() - state.pageCheckedAt < sharedCheckMs) return Promise.resolve(state.current);
    return manifestOf(remote).then((manifest) => {
      state.pageCheckedAt = performance.now();
      return manifest;
    });
  }

  /** The remote as the last check found it; one not found yet (started before the shell's server) is checked behind the page. */
  function lastKnown(remote: ResolvedRemote): RemoteManifest | undefined {
    const state = states.get(remote.name)!;
    if (!state.current) void manifestOf(remote);
    return state.current;
  }

  // the first page load should not wait for every remote's first answer; a server with no page loads stays current too
  const checkAll = () => remotes.forEach((remote) => void manifestOf(remote));
  checkAll();
  setInterval(checkAll, recheckMs).unref();

  /** Read per page load, like index.html, so a redeployed shell is hinted at its new files. */
  async function shellBoot(): Promise<{ shared: Set<string>; tags: string[] }> {
    try {
      const [own, boot] = await Promise.all([
        readFile(path.join(distDir, 'mf-manifest.json'), 'utf8').then((t) => JSON.parse(t) as RemoteManifest),
        readFile(path.join(distDir, 'boot-assets.json'), 'utf8').then((t) => JSON.parse(t) as { files: string[]; lazy?: string[] }),
      ]);
      return { shared: new Set(own.shared.map((s) => s.name)), tags: bootTags(own, boot.files, boot.lazy) };
    } catch {
      return { shared: new Set(), tags: [] };
    }
  }

  /** The page's remotes (remotesTag), the shell's start-up files, and the route's remote screen. */
  return async function hintsFor(pathname: string): Promise<string[]> {
    const screen = screenForPath(pathname);
    const [name, expose] = (screen?.split('/') ?? []) as [string?, string?];
    const [boot, manifests] = await Promise.all([
      shellBoot(),
      Promise.all(remotes.map((r) => (r.name === name ? routeManifest(r) : lastKnown(r)))),
    ]);
    const tags = [
      remotesTag(
        remotes.map((r, i) => ({ name: r.name, entry: manifests[i] ? remoteEntryUrl(r, manifests[i]) : r.entry })),
        screen ? { path: pathname, screen } : undefined,
      ),
      ...boot.tags,
    ];
    const at = remotes.findIndex((r) => r.name === name);
    const manifest = manifests[at];
    if (at >= 0 && manifest && expose) tags.push(...hintTags(remotes[at]!, manifest, expose, boot.shared));
    return tags;
  };
}
