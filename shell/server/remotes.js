// Where each remote lives is configuration, read when the shell's server starts: redeploying a
// remote changes this (or one environment variable), never the shell's build.

/** @typedef {{ key: string, name: string, port: number }} RemoteDef */

/** @type {RemoteDef[]} */
export const REMOTES = [
  { key: 'auth', name: 'mf_auth', port: 3001 },
  { key: 'overview', name: 'mf_overview', port: 3002 },
  { key: 'analytics', name: 'mf_analytics', port: 3003 },
  { key: 'settings', name: 'mf_settings', port: 3004 },
];

const upper = (key) => key.toUpperCase();

/**
 * Resolves every remote's public URL (what the browser loads) and upstream (where the shell's
 * proxy forwards `/remotes/<key>/*`). Variables:
 *   REMOTE_<KEY>_URL       public base URL, default `/remotes/<key>/` (proxied, same origin)
 *   REMOTE_<KEY>_UPSTREAM  proxy target, default `http://127.0.0.1:<MF_<KEY>_PORT or default port>`
 * @param {Record<string, string | undefined>} env
 */
export function resolveRemotes(env = process.env) {
  return REMOTES.map((r) => {
    const port = Number(env[`MF_${upper(r.key)}_PORT`] ?? r.port);
    let url = env[`REMOTE_${upper(r.key)}_URL`] ?? `/remotes/${r.key}/`;
    if (!url.endsWith('/') && !url.endsWith('.json')) url += '/';
    const entry = url.endsWith('.json') ? url : `${url}mf-manifest.json`;
    const upstream = (env[`REMOTE_${upper(r.key)}_UPSTREAM`] ?? `http://127.0.0.1:${port}`).replace(/\/$/, '');
    return { ...r, port, url, entry, upstream };
  });
}

/** The body of /remotes.json. */
export function remotesManifest(env = process.env) {
  return { remotes: resolveRemotes(env).map(({ name, entry }) => ({ name, entry })) };
}

/** Origins other than our own that remotes are served from: they must be allowed by the CSP. */
export function remoteOrigins(env = process.env) {
  const origins = new Set();
  for (const r of resolveRemotes(env)) {
    if (/^https?:\/\//.test(r.entry)) origins.add(new URL(r.entry).origin);
  }
  return [...origins];
}
