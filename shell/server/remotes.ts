// Where each remote lives is configuration, read when the shell's server starts: redeploying a
// remote changes this (or one environment variable), never the shell's build.

export type Env = Record<string, string | undefined>;

export interface RemoteDef {
  key: string;
  name: string;
  port: number;
}

export const REMOTES: RemoteDef[] = [
  { key: 'auth', name: 'mf_auth', port: 3001 },
  { key: 'overview', name: 'mf_overview', port: 3002 },
  { key: 'analytics', name: 'mf_analytics', port: 3003 },
  { key: 'settings', name: 'mf_settings', port: 3004 },
];

export interface ResolvedRemote extends RemoteDef {
  /** Public base URL the browser loads the remote from. */
  url: string;
  /** The remote's mf-manifest.json, as listed in remotes.json. */
  entry: string;
  /** Where the shell's proxy forwards /remotes/<key>/*. */
  upstream: string;
}

/**
 * Variables, per remote key (AUTH, OVERVIEW, ANALYTICS, SETTINGS):
 *   REMOTE_<KEY>_URL       public base URL, default `/remotes/<key>/` (proxied, same origin)
 *   REMOTE_<KEY>_UPSTREAM  proxy target, default `http://127.0.0.1:<MF_<KEY>_PORT or its default>`
 */
export function resolveRemotes(env: Env = process.env): ResolvedRemote[] {
  return REMOTES.map((r) => {
    const KEY = r.key.toUpperCase();
    const port = Number(env[`MF_${KEY}_PORT`] ?? r.port);
    let url = env[`REMOTE_${KEY}_URL`] ?? `/remotes/${r.key}/`;
    if (!url.endsWith('/') && !url.endsWith('.json')) url += '/';
    const entry = url.endsWith('.json') ? url : `${url}mf-manifest.json`;
    const upstream = (env[`REMOTE_${KEY}_UPSTREAM`] ?? `http://127.0.0.1:${port}`).replace(/\/$/, '');
    return { ...r, port, url, entry, upstream };
  });
}

/** The body of /remotes.json. */
export function remotesManifest(env: Env = process.env) {
  return { remotes: resolveRemotes(env).map(({ name, entry }) => ({ name, entry })) };
}

/** Origins other than our own that remotes are served from: the CSP must allow them. */
export function remoteOrigins(env: Env = process.env): string[] {
  const origins = new Set<string>();
  for (const r of resolveRemotes(env)) {
    if (/^https?:\/\//.test(r.entry)) origins.add(new URL(r.entry).origin);
  }
  return [...origins];
}
