/**
 * The relying party: authorization code flow with PKCE (S256), state and nonce, through openid-client (certified;
 * oauth4webapi underneath) for OpenID Connect providers and for GitHub's plain OAuth 2. Nothing here handles a token
 * by hand: openid-client checks the authorization response (state, RFC 9207 `iss`), exchanges the code with the PKCE
 * verifier, and validates the ID token (signature against the provider's JWKS, issuer, audience, nonce, expiry).
 * The provider's tokens stay in this module: only the person's subject, name and e-mail leave it.
 */
import { firstCodePoints, mendLoneSurrogates } from '@app/contract';
import * as oidc from 'openid-client';
import type { GithubProviderConfig, IdentityProviderConfig, OidcProviderConfig } from './provider-config.js';
import { isAllowedProviderUrl } from './provider-config.js';

/** Who the provider says signed in. The e-mail is the provider's; `emailVerified` says whether it vouches for it. */
export type ExternalProfile = {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
};

/** The secrets of one authorization request, kept server-side between the redirect and the callback. */
export type FlowSecrets = { state: string; nonce?: string; codeVerifier: string };

export type ExternalFailure = 'denied' | 'failed' | 'unavailable';

/** A sign-in that did not succeed: `reason` for the person, `code` (an error code, never a token) for the log. */
export class ExternalAuthError extends Error {
  constructor(
    readonly reason: ExternalFailure,
    readonly code: string,
  ) {
    super(`external sign-in ${reason}: ${code}`);
    this.name = 'ExternalAuthError';
  }
}

/** Seconds openid-client waits for any one answer of a provider. */
const PROVIDER_TIMEOUT_S = 10;

const insecure = (url: string) => url.startsWith('http:');

/** Maps what openid-client (or fetch) threw to a reason; the code names the check that failed. */
export function classifyError(err: unknown): ExternalAuthError {
  if (err instanceof ExternalAuthError) return err;
  if (err instanceof oidc.AuthorizationResponseError) {
    return new ExternalAuthError(err.error === 'access_denied' ? 'denied' : 'failed', `authorization_response:${err.error}`);
  }
  if (err instanceof oidc.ResponseBodyError) {
    return new ExternalAuthError(err.status >= 500 ? 'unavailable' : 'failed', `token_endpoint:${err.error}`);
  }
  const e = err as { name?: string; code?: string; cause?: unknown };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return new ExternalAuthError('unavailable', 'timeout');
  if (err instanceof TypeError && e.code === undefined) {
    // fetch failed: refused, reset, DNS
    const cause = (e.cause as { code?: string } | undefined)?.code;
    return new ExternalAuthError('unavailable', `network:${cause ?? 'fetch failed'}`);
  }
  if (err instanceof oidc.ClientError) {
    const status = (e.cause as { status?: unknown } | undefined)?.status;
    if (typeof status === 'number' && status >= 500) return new ExternalAuthError('unavailable', `http_${status}`);
    return new ExternalAuthError('failed', err.code ?? 'client_error');
  }
  return new ExternalAuthError('failed', e?.name ?? 'error');
}

// cut by characters, never inside one, with any half character from the provider mended and NUL left out: the
// name is stored as JSON and as text, which refuse them
const clean = (v: unknown, max = 100): string =>
  typeof v === 'string' ? firstCodePoints(mendLoneSurrogates(v).replaceAll('\u0000', '').trim(), max) : '';

/** First and last name from the claims: given/family name, else the full name split at its last space. */
export function namesOf(claims: Record<string, unknown>, fallback: string): { firstName: string; lastName: string } {
  let firstName = clean(claims.given_name);
  let lastName = clean(claims.family_name);
  if (!firstName && !lastName) {
    const full = clean(claims.name, 201).replace(/\s+/g, ' ');
    const cut = full.lastIndexOf(' ');
    if (cut > 0) [firstName, lastName] = [firstCodePoints(full.slice(0, cut), 100), firstCodePoints(full.slice(cut + 1), 100)];
    else firstName = firstCodePoints(full, 100);
  }
  if (!firstName) firstName = firstCodePoints(fallback, 100) || 'New';
  if (!lastName) lastName = '-';
  return { firstName, lastName };
}

const isVerified = (v: unknown) => v === true || v === 'true';

export class IdentityProviders {
  private readonly byId: Map<string, IdentityProviderConfig>;
  private readonly configurations = new Map<string, Promise<oidc.Configuration>>();

  constructor(
    list: IdentityProviderConfig[],
    private readonly publicUrl: string,
  ) {
    this.byId = new Map(list.map((p) => [p.id, p]));
  }

  list(): Array<{ id: string; name: string }> {
    return [...this.byId.values()].map(({ id, name }) => ({ id, name }));
  }

  get(id: string): IdentityProviderConfig | undefined {
    return this.byId.get(id);
  }

  nameOf(id: string): string {
    return this.byId.get(id)?.name ?? id;
  }

  /** The callback on the public origin (the shell proxies /api to this server): registered at the provider. */
  redirectUri(id: string): string {
    return `${this.publicUrl}/api/auth/external/${id}/callback`;
  }

  /** openid-client's configuration of a provider: discovered once (a failed discovery is tried again next time). */
  private configuration(p: IdentityProviderConfig): Promise<oidc.Configuration> {
    let pending = this.configurations.get(p.id);
    if (!pending) {
      pending = (p.kind === 'github' ? Promise.resolve(githubConfiguration(p)) : discover(p)).catch((err: unknown) => {
        this.configurations.delete(p.id);
        throw err;
      });
      this.configurations.set(p.id, pending);
    }
    return pending;
  }

  /** Where to send the browser: the provider's authorization endpoint with the PKCE challenge, state and nonce. */
  async authorizationUrl(p: IdentityProviderConfig, secrets: FlowSecrets): Promise<URL> {
    try {
      const config = await this.configuration(p);
      const params: Record<string, string> = {
        redirect_uri: this.redirectUri(p.id),
        scope: p.scopes.join(' '),
        code_challenge: await oidc.calculatePKCECodeChallenge(secrets.codeVerifier),
        code_challenge_method: 'S256',
        state: secrets.state,
      };
      if (secrets.nonce) params.nonce = secrets.nonce;
      return oidc.buildAuthorizationUrl(config, params);
    } catch (err) {
      throw classifyError(err);
    }
  }

  /**
   * The callback: checks the authorization response against the stored state (and the issuer), redeems the code with
   * the PKCE verifier, validates the ID token (nonce included) and reads who signed in. `query` is the callback's
   * query string as received.
   */
  async complete(p: IdentityProviderConfig, query: string, secrets: FlowSecrets): Promise<ExternalProfile> {
    const currentUrl = new URL(this.redirectUri(p.id));
    currentUrl.search = query;
    try {
      const config = await this.configuration(p);
      return p.kind === 'github' ? await completeGithub(p, config, currentUrl, secrets) : await completeOidc(config, currentUrl, secrets);
    } catch (err) {
      throw classifyError(err);
    }
  }
}

async function discover(p: OidcProviderConfig): Promise<oidc.Configuration> {
  const source = p.discoveryUrl ?? p.issuer!;
  const discovered = await oidc.discovery(new URL(source), p.clientId, undefined, undefined, {
    execute: insecure(source) ? [oidc.allowInsecureRequests] : [],
    timeout: PROVIDER_TIMEOUT_S,
  });
  const server = discovered.serverMetadata();
  for (const url of [server.authorization_endpoint, server.token_endpoint, server.jwks_uri, server.userinfo_endpoint]) {
    if (url && !isAllowedProviderUrl(url)) throw new ExternalAuthError('failed', 'insecure_endpoint');
  }
  // The client authenticates as the provider says it can: client_secret_basic is the default of OpenID Connect
  // (Keycloak, Authentik, Authelia, Pocket ID), client_secret_post where only that is offered; no secret: PKCE only.
  const methods = server.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
  const auth = !p.clientSecret
    ? oidc.None()
    : methods.includes('client_secret_basic')
      ? oidc.ClientSecretBasic(p.clientSecret)
      : oidc.ClientSecretPost(p.clientSecret);
  const config = new oidc.Configuration(server, p.clientId, p.clientSecret ? { client_secret: p.clientSecret } : {}, auth);
  if (insecure(source)) oidc.allowInsecureRequests(config);
  config.timeout = PROVIDER_TIMEOUT_S;
  return config;
}

async function completeOidc(config: oidc.Configuration, currentUrl: URL, secrets: FlowSecrets): Promise<ExternalProfile> {
  const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
    pkceCodeVerifier: secrets.codeVerifier,
    expectedState: secrets.state,
    expectedNonce: secrets.nonce,
    idTokenExpected: true,
  });
  const idClaims = tokens.claims();
  if (!idClaims) throw new ExternalAuthError('failed', 'no_id_token');
  let claims: Record<string, unknown> = idClaims;
  // Providers that keep the profile out of the ID token answer it at the userinfo endpoint (for the same subject).
  const missing = claims.email === undefined || (claims.given_name === undefined && claims.name === undefined);
  if (missing && config.serverMetadata().userinfo_endpoint) {
    const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
    claims = { ...info, ...Object.fromEntries(Object.entries(idClaims).filter(([, v]) => v !== undefined)) };
  }
  const email = clean(claims.email, 320) || null;
  return {
    subject: idClaims.sub,
    email,
    emailVerified: email !== null && isVerified(claims.email_verified),
    ...namesOf(claims, email?.split('@')[0] ?? ''),
  };
}

function githubConfiguration(p: GithubProviderConfig): oidc.Configuration {
  const config = new oidc.Configuration(
    {
      issuer: p.webUrl,
      authorization_endpoint: `${p.webUrl}/login/oauth/authorize`,
      token_endpoint: `${p.webUrl}/login/oauth/access_token`,
    },
    p.clientId,
    { client_secret: p.clientSecret },
    oidc.ClientSecretPost(p.clientSecret),
  );
  if (insecure(p.webUrl)) oidc.allowInsecureRequests(config);
  config.timeout = PROVIDER_TIMEOUT_S;
  return config;
}

const GITHUB_HEADERS = () =>
  new Headers({ Accept: 'application/vnd.github+json', 'User-Agent': 'Weightwise', 'X-GitHub-Api-Version': '2022-11-28' });

/** GitHub speaks plain OAuth 2 (no ID token): the code is redeemed the same way, then its REST API says who it is. */
async function completeGithub(
  p: GithubProviderConfig,
  config: oidc.Configuration,
  currentUrl: URL,
  secrets: FlowSecrets,
): Promise<ExternalProfile> {
  const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
    pkceCodeVerifier: secrets.codeVerifier,
    expectedState: secrets.state,
  });
  const read = async (path: string) => {
    const res = await oidc.fetchProtectedResource(
      config,
      tokens.access_token,
      new URL(`${p.apiUrl}${path}`),
      'GET',
      undefined,
      GITHUB_HEADERS(),
    );
    if (!res.ok) throw new ExternalAuthError(res.status >= 500 ? 'unavailable' : 'failed', `github_api_${res.status}`);
    return (await res.json()) as unknown;
  };
  const user = (await read('/user')) as { id?: unknown; login?: unknown; name?: unknown };
  if (typeof user.id !== 'number' && typeof user.id !== 'string') throw new ExternalAuthError('failed', 'github_no_id');
  let email: string | null = null;
  let emailVerified = false;
  const emails = await read('/user/emails').catch(() => []);
  if (Array.isArray(emails)) {
    const primary = (emails as Array<{ email?: unknown; primary?: unknown; verified?: unknown }>).find((e) => e.primary === true);
    if (primary && typeof primary.email === 'string') {
      email = clean(primary.email, 320) || null;
      emailVerified = email !== null && primary.verified === true;
    }
  }
  return { subject: String(user.id), email, emailVerified, ...namesOf({ name: user.name }, clean(user.login)) };
}
