import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemotesManifest } from '@app/kit';
import { isRemoteUnavailable } from './errorLoadRemotePlugin';

let registered: RemotesManifest['remotes'] = [];

/** The remotes as the shell's server named them in the page, each at its current entry (see its routeHints.ts). */
function remotesInPage(doc: Document): RemotesManifest | undefined {
  const text = doc.getElementById('remotes')?.textContent;
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as RemotesManifest;
    return Array.isArray(parsed?.remotes) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The remotes' locations are read at runtime, never baked into the shell's build, so a team can
 * redeploy one remote by changing one line of remotes.json. The page carries them (no request); a page served
 * without them (the dev server) asks for /remotes.json.
 */
export async function registerRemotesFromServer(fetchImpl: typeof fetch = fetch, doc: Document = document): Promise<void> {
  try {
    let manifest = remotesInPage(doc);
    if (!manifest) {
      // the server marks it no-cache: the browser revalidates it (304 while unchanged)
      const res = await fetchImpl('/remotes.json');
      if (!res.ok) throw new Error(`remotes.json answered ${res.status}`);
      manifest = (await res.json()) as RemotesManifest;
    }
    registered = manifest.remotes;
    registerRemotes(registered);
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
  if (id) void loadScreen(id);
}

/** Loads `<container>/<expose>`; resolves to null (never rejects) when the remote is unavailable. */
export async function loadScreen<P>(id: string, retry = false): Promise<ScreenModule<P> | null> {
  const container = id.split('/')[0];
  const remote = registered.find((r) => r.name === container);
  if (!remote) return null;
  // A failed load is cached by the runtime; re-registering with force clears it for a retry.
  if (retry) registerRemotes([remote], { force: true });
  try {
    const mod = await loadRemote<ScreenModule<P>>(id);
    if (!mod || isRemoteUnavailable(mod) || typeof mod.default !== 'function') return null;
    return mod;
  } catch (error) {
    console.warn(`[shell] loading ${id} failed:`, error);
    return null;
  }
}
