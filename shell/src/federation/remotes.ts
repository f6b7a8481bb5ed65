import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemotesManifest } from '@app/kit';
import { isRemoteUnavailable } from './errorLoadRemotePlugin';
import { hintedChunksRun } from './hintedChunks';
import { applyHintedStyles } from './hintedStyles';
import { entryFromManifest, isEntryManifest, isManifestEntry } from './manifestEntry';

let registered: RemotesManifest['remotes'] = [];
let registering: Promise<void> | undefined;

type PageRemotes = RemotesManifest & { path?: unknown; screen?: unknown };

/**
 * The remotes as the shell's server named them in the page, each at its current entry, and the remote screen the page
 * shows first (see its routeHints.ts).
 */
function remotesInPage(doc: Document): PageRemotes | undefined {
  const text = doc.getElementById('remotes')?.textContent;
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as PageRemotes;
    return Array.isArray(parsed?.remotes) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The `<container>/<expose>` the server says this page shows first, if it said so for this path: offline, the page
 * saved at another path stands in for every route.
 */
export function screenInPage(doc: Document = document, pathname = window.location.pathname): string | undefined {
  const { path, screen } = remotesInPage(doc) ?? {};
  return typeof screen === 'string' && path === pathname ? screen : undefined;
}

/**
 * The remotes' locations are read at runtime, never baked into the shell's build, so a team can
 * redeploy one remote by changing one line of remotes.json. The page carries them (no request); a page served
 * without them (the dev server) asks for /remotes.json. Once per page: the shell's first script and its app both ask.
 */
export function registerRemotesFromServer(fetchImpl: typeof fetch = fetch, doc: Document = document): Promise<void> {
  return (registering ??= register(fetchImpl, doc));
}

async function register(fetchImpl: typeof fetch, doc: Document): Promise<void> {
  try {
    registered = remotesInPage(doc)?.remotes ?? (await currentRemotes(fetchImpl));
    // one listed at its manifest is registered when its screen is first asked for (atScript)
    registerRemotes(registered.filter((r) => !isManifestEntry(r.entry)));
  } catch (error) {
    // Without the list the shell still renders its own screens; remote routes show their panel.
    console.error('[shell] could not read /remotes.json:', error);
  }
}

export type ScreenModule<P> = { default: React.ComponentType<P> };

/**
 * Starts loading the screen a page load will show (manifest, remoteEntry, the screen's chunks) as soon as the
 * remotes are known, while the shell renders and restores the session, instead of after; the screen's own load
 * then finds it on its way.
 */
export function prefetchScreen(id: string | undefined): void {
  if (!id) return;
  applyHintedStyles(id.split('/')[0]!);
  void loadScreen(id);
}

const loading = new Map<string, Promise<ScreenModule<unknown> | null>>();
/** Screens whose module is here, so a screen shown again, or loaded ahead of its link's click, draws at once. */
const loaded = new Map<string, ScreenModule<unknown>>();

/** The screen's module if it has loaded already (the runtime would hand back the same module), else undefined. */
export function loadedScreen<P>(id: string): ScreenModule<P> | undefined {
  return loaded.get(id) as ScreenModule<P> | undefined;
}

/**
 * Loads `<container>/<expose>`; resolves to null (never rejects) when the remote is unavailable. A load already on its
 * way (the page's early start) is shared. The page names each remote at the entry that was current when it was served;
 * if that fails (the remote redeployed since, and its old files are gone), the remote is registered again at its
 * manifest, as remotes.json names it now, and loaded once more before the screen gives up.
 */
export function loadScreen<P>(id: string, retry = false): Promise<ScreenModule<P> | null> {
  if (retry) return keep(id, loadAgain<P>(id, true));
  const done = loaded.get(id);
  if (done) return Promise.resolve(done as ScreenModule<P>);
  let load = loading.get(id);
  if (!load) {
    load = keep(
      id,
      loadOnce(id).then((mod) => mod ?? loadAgain(id, false)),
    );
    loading.set(id, load);
    void load.finally(() => loading.delete(id));
  }
  return load as Promise<ScreenModule<P> | null>;
}

/** Remembers a screen once it has loaded; one that failed is asked for afresh next time. */
function keep<P>(id: string, load: Promise<ScreenModule<P> | null>): Promise<ScreenModule<P> | null> {
  return load.then((mod) => {
    if (mod) loaded.set(id, mod as ScreenModule<unknown>);
    else loaded.delete(id);
    return mod;
  });
}

async function loadOnce<P>(id: string): Promise<ScreenModule<P> | null> {
  await registering;
  const container = id.split('/')[0]!;
  if (!(await atScript(container))) return null;
  await hintedChunksRun(container);
  try {
    const mod = await loadRemote<ScreenModule<P>>(id);
    if (!mod || isRemoteUnavailable(mod) || typeof mod.default !== 'function') return null;
    return mod;
  } catch (error) {
    console.warn(`[shell] loading ${id} failed:`, error);
    return null;
  }
}

/**
 * Registers the remote again at its current manifest (a failed load is cached by the runtime: force clears it), then
 * loads; unless asked to retry anyway, only when that is somewhere else than where the load just failed.
 */
async function loadAgain<P>(id: string, anyway: boolean): Promise<ScreenModule<P> | null> {
  await registering;
  const name = id.split('/')[0];
  const remote = registered.find((r) => r.name === name);
  if (!remote) return null;
  const current = await currentRemotes().catch(() => undefined);
  const again = current?.find((r) => r.name === name) ?? remote;
  if (!anyway && again.entry === remote.entry) return null;
  registered = registered.map((r) => (r.name === name ? again : r));
  registerRemotes([again], { force: true });
  return loadOnce<P>(id);
}

/**
 * Makes sure the runtime knows the remote at its remoteEntry.js: a remote listed at its manifest (remotes.json names
 * each so) is registered again at the script the manifest names now. False when the remote is unknown or its manifest
 * cannot be read (the remote is down).
 */
async function atScript(name: string): Promise<boolean> {
  const remote = registered.find((r) => r.name === name);
  if (!remote) return false;
  if (!isManifestEntry(remote.entry)) return true;
  try {
    const res = await fetch(remote.entry);
    const manifest: unknown = res.ok ? await res.json() : undefined;
    if (!isEntryManifest(manifest)) throw new Error(`${remote.entry} answered ${res.status} without a remote entry`);
    const script = { name, entry: entryFromManifest(remote.entry, manifest, window.location.href) };
    registered = registered.map((r) => (r.name === name ? script : r));
    registerRemotes([script], { force: true });
    return true;
  } catch (error) {
    console.warn(`[shell] remote ${name} is unavailable:`, error instanceof Error ? error.message : error);
    return false;
  }
}

/** remotes.json: each remote at its manifest, which always names its current files (no-cache: a 304 while unchanged). */
async function currentRemotes(fetchImpl: typeof fetch = fetch): Promise<RemotesManifest['remotes']> {
  const res = await fetchImpl('/remotes.json');
  if (!res.ok) throw new Error(`remotes.json answered ${res.status}`);
  const { remotes } = (await res.json()) as RemotesManifest;
  return remotes;
}
