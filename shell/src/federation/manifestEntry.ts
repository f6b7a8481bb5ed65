/** The parts of a remote's mf-manifest.json that name its current remoteEntry.js. */
export interface EntryManifest {
  metaData: { publicPath?: string; remoteEntry: { name: string; path?: string } };
}

/** An entry given as the remote's manifest (remotes.json names each remote so), not as its script. */
export function isManifestEntry(entry: string): boolean {
  return /\.json(?:[?#]|$)/.test(entry);
}

/**
 * The remoteEntry.js the manifest at `manifestUrl` names, as an absolute URL. A manifest built with publicPath 'auto'
 * names its files beside itself; one built for a fixed public path names them under it. The shell's federation runtime
 * is built without the manifest handling (a third of its size): the shell reads a manifest only when the page did not
 * name the remote's entry, and then only this.
 */
export function entryFromManifest(manifestUrl: string, manifest: EntryManifest, pageUrl: string): string {
  const { publicPath, remoteEntry } = manifest.metaData;
  const base = publicPath && publicPath !== 'auto' ? new URL(publicPath, pageUrl) : new URL('.', new URL(manifestUrl, pageUrl));
  const dir = remoteEntry.path ? remoteEntry.path.replace(/^\/+/, '').replace(/\/?$/, '/') : '';
  return new URL(dir + remoteEntry.name, base).href;
}

/** Whether a parsed JSON document is a manifest this shell can read an entry from. */
export function isEntryManifest(value: unknown): value is EntryManifest {
  const entry = (value as EntryManifest | null)?.metaData?.remoteEntry;
  return typeof entry?.name === 'string' && entry.name.length > 0;
}
