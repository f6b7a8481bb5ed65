/**
 * External identity providers, configured by environment:
 *
 *   AUTH_PROVIDERS=google,github,keycloak          the ids, in the order the buttons appear
 *   AUTH_<ID>_CLIENT_ID, AUTH_<ID>_CLIENT_SECRET    as registered at the provider
 *   AUTH_<ID>_ISSUER or AUTH_<ID>_DISCOVERY_URL     OpenID Connect: the issuer, or its discovery document
 *   AUTH_<ID>_NAME                                  the button's "Continue with <name>"
 *   AUTH_<ID>_TYPE                                  oidc (default) or github (default for the id "github")
 *   AUTH_<ID>_SCOPES                                space-separated, replaces the default scopes
 *   AUTH_<ID>_URL                                   github: a GitHub Enterprise Server (default https://github.com)
 *
 * <ID> is the id in upper case with dashes as underscores. The id is stored with each linked account: renaming it
 * disconnects those accounts.
 */
import { ConfigError } from '../config.js';

export type OidcProviderConfig = {
  kind: 'oidc';
  id: string;
  name: string;
  clientId: string;
  /** Absent: a public client (PKCE only, no client authentication). */
  clientSecret?: string;
  /** The issuer identifier (discovery at its /.well-known/openid-configuration) … */
  issuer?: string;
  /** … or the discovery document's own URL. */
  discoveryUrl?: string;
  scopes: string[];
};

export type GithubProviderConfig = {
  kind: 'github';
  id: string;
  name: string;
  clientId: string;
  clientSecret: string;
  /** https://github.com, or a GitHub Enterprise Server. */
  webUrl: string;
  /** https://api.github.com, or <server>/api/v3. */
  apiUrl: string;
  scopes: string[];
};

export type IdentityProviderConfig = OidcProviderConfig | GithubProviderConfig;

const KNOWN: Record<string, { name: string; issuer?: string; kind?: 'github' }> = {
  google: { name: 'Google', issuer: 'https://accounts.google.com' },
  github: { name: 'GitHub', kind: 'github' },
  microsoft: { name: 'Microsoft' },
  keycloak: { name: 'Keycloak' },
  authentik: { name: 'authentik' },
  authelia: { name: 'Authelia' },
  'pocket-id': { name: 'Pocket ID' },
  gitlab: { name: 'GitLab', issuer: 'https://gitlab.com' },
};

export const OIDC_SCOPES = ['openid', 'email', 'profile'];
export const GITHUB_SCOPES = ['read:user', 'user:email'];
const ID = /^[a-z0-9][a-z0-9-]{0,31}$/;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** http:// is accepted only for a provider on this machine (tests, local development); everything else is https. */
export function isAllowedProviderUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && (LOOPBACK_HOSTS.has(url.hostname) || url.hostname.startsWith('127.'));
}

/** Reads AUTH_PROVIDERS and each provider's AUTH_<ID>_* variables; throws ConfigError naming what is wrong. */
export function parseIdentityProviders(env: Record<string, string | undefined>): IdentityProviderConfig[] {
  const ids = (env.AUTH_PROVIDERS ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const seen = new Set<string>();
  return ids.map((id) => {
    if (!ID.test(id)) throw new ConfigError(`AUTH_PROVIDERS: "${id}" is not a valid id (a-z, 0-9 and -, at most 32)`);
    if (seen.has(id)) throw new ConfigError(`AUTH_PROVIDERS: "${id}" is listed twice`);
    seen.add(id);
    const prefix = `AUTH_${id.toUpperCase().replace(/-/g, '_')}_`;
    const get = (key: string) => {
      const v = env[prefix + key]?.trim();
      return v ? v : undefined;
    };
    const known = KNOWN[id];
    const kind = (get('TYPE') ?? known?.kind ?? 'oidc').toLowerCase();
    if (kind !== 'oidc' && kind !== 'github') throw new ConfigError(`${prefix}TYPE must be oidc or github`);
    const clientId = get('CLIENT_ID');
    if (!clientId) throw new ConfigError(`${prefix}CLIENT_ID is required for the provider "${id}"`);
    const clientSecret = get('CLIENT_SECRET');
    const name = get('NAME') ?? known?.name ?? id.charAt(0).toUpperCase() + id.slice(1);
    const scopes = get('SCOPES')
      ?.split(/[\s,]+/)
      .filter(Boolean);
    if (kind === 'github') {
      if (!clientSecret) throw new ConfigError(`${prefix}CLIENT_SECRET is required for the GitHub provider "${id}"`);
      const webUrl = (get('URL') ?? 'https://github.com').replace(/\/+$/, '');
      if (!isAllowedProviderUrl(webUrl)) throw new ConfigError(`${prefix}URL must be an https:// URL`);
      const apiUrl = webUrl === 'https://github.com' ? 'https://api.github.com' : `${webUrl}/api/v3`;
      return { kind, id, name, clientId, clientSecret, webUrl, apiUrl, scopes: scopes ?? GITHUB_SCOPES };
    }
    const discoveryUrl = get('DISCOVERY_URL');
    const issuer = discoveryUrl ? undefined : (get('ISSUER') ?? known?.issuer);
    if (!issuer && !discoveryUrl) throw new ConfigError(`${prefix}ISSUER (or ${prefix}DISCOVERY_URL) is required for the provider "${id}"`);
    const url = (discoveryUrl ?? issuer)!;
    if (!isAllowedProviderUrl(url)) throw new ConfigError(`${prefix}${discoveryUrl ? 'DISCOVERY_URL' : 'ISSUER'} must be an https:// URL`);
    const withOpenId = scopes ? (scopes.includes('openid') ? scopes : ['openid', ...scopes]) : OIDC_SCOPES;
    return {
      kind,
      id,
      name,
      clientId,
      ...(clientSecret ? { clientSecret } : {}),
      ...(issuer ? { issuer } : {}),
      ...(discoveryUrl ? { discoveryUrl } : {}),
      scopes: withOpenId,
    };
  });
}
