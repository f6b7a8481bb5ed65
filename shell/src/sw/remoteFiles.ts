/**
 * What the service worker caches of the remotes. A remote is deployed on its own, so the shell's build cannot list
 * its files: they are read at install time from /remotes.json and each remote's mf-manifest.json.
 */

interface AssetLists {
  sync?: string[];
  async?: string[];
}
interface ManifestAssets {
  js?: AssetLists;
  css?: AssetLists;
}
export interface FederationManifest {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
  shared?: Array<{ assets?: ManifestAssets }>;
  exposes?: Array<{ assets?: ManifestAssets }>;
}

const listed = (a?: ManifestAssets) => [...(a?.js?.sync ?? []), ...(a?.js?.async ?? []), ...(a?.css?.sync ?? []), ...(a?.css?.async ?? [])];

/**
 * The URLs a remote's screens load: its remoteEntry.js and every chunk of its exposed modules and shared
 * dependencies, resolved against where the manifest was read (publicPath 'auto') or the publicPath it names.
 */
export function remoteFiles(manifestUrl: string, manifest: FederationManifest): string[] {
  const base = remoteBase(manifestUrl, manifest);
  const entry = manifest.metaData?.remoteEntry;
  const files = new Set<string>();
  if (entry?.name) files.add(new URL(`${entry.path ? `${entry.path.replace(/\/$/, '')}/` : ''}${entry.name}`, base).href);
  for (const part of [...(manifest.shared ?? []), ...(manifest.exposes ?? [])]) {
    for (const file of listed(part.assets)) files.add(new URL(file, base).href);
  }
  return [...files];
}

/** Where a remote's files are: the publicPath its manifest names, or beside the manifest ('auto'). */
function remoteBase(manifestUrl: string, manifest: FederationManifest): string {
  const publicPath = manifest.metaData?.publicPath;
  return publicPath && publicPath !== 'auto' ? new URL(publicPath, manifestUrl).href : new URL('./', manifestUrl).href;
}

/** How long files of a remote's replaced build stay cached: a tab opened before the deploy may still load them. */
export const EARLIER_BUILD_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The cached files of a remote's earlier builds, to drop once its current build is cached: content-named files in its
 * folder that the current build does not list, cached (by their answer's Date) longer than `keptMs` ago. Each deploy
 * would otherwise add a build to the device for good, over years of weekly deploys. A file with no date is kept.
 */
export function earlierBuildFiles(
  cached: Array<{ url: string; cachedAt: number | null }>,
  manifestUrl: string,
  manifest: FederationManifest,
  now: number,
  keptMs = EARLIER_BUILD_KEPT_MS,
): string[] {
  const current = new Set(remoteFiles(manifestUrl, manifest));
  if (current.size === 0) return [];
  // a remote served from a site's root shares its folder with everyone's files: nothing there is known to be its own
  const folders = [remoteBase(manifestUrl, manifest), new URL('./', manifestUrl).href].filter((folder) => new URL(folder).pathname !== '/');
  return cached
    .filter(({ url, cachedAt }) => {
      if (current.has(url) || !folders.some((folder) => url.startsWith(folder))) return false;
      if (!isHashedAsset(new URL(url).pathname)) return false;
      return cachedAt !== null && now - cachedAt > keptMs;
    })
    .map(({ url }) => url);
}

/** Files whose name carries their content hash: a new build gives them a new name, so a cached copy is always right. */
export const isHashedAsset = (pathname: string) => /\/assets\/[^/]+\.[0-9a-f]{8,}\.(js|css|png|jpe?g|webp|svg|gif|woff2?)$/.test(pathname);

/** Files that say which build is current: read from the network first, the cached copy only offline. */
export const isDeployPointer = (pathname: string) =>
  pathname === '/remotes.json' || /\/(mf-manifest\.json|remoteEntry\.js)$/.test(pathname) || pathname.startsWith('/remotes/');

/**
 * The remotes' entries a page names (the shell's server writes the current one of each into it), resolved against the
 * page's URL. A remote deployed since the worker was installed shows up here first.
 */
export function entriesInPage(html: string, pageUrl: string): string[] {
  const json = /<script\b[^>]*\bid="remotes"[^>]*>([^<]*)<\/script>/i.exec(html)?.[1];
  if (!json) return [];
  try {
    const { remotes } = JSON.parse(json) as { remotes?: Array<{ entry?: unknown }> };
    if (!Array.isArray(remotes)) return [];
    return remotes.flatMap((r) => (typeof r?.entry === 'string' ? [new URL(r.entry, pageUrl).href] : []));
  } catch {
    return [];
  }
}

/** A remote's manifest sits beside its entry (the shell's server maps each remote to one folder). */
export const manifestBeside = (entryUrl: string): string => new URL('mf-manifest.json', entryUrl).href;
