/**
 * A real, certified OpenID Connect provider (the `oidc-provider` package) running in this process on a local port,
 * for the API tests and the browser suite. Its sign-in and consent pages are minimal forms: an e-mail, names,
 * "email verified", and Cancel / Deny buttons. A test may have the ID token tampered with (re-signed with the
 * provider's own key, so only the claim checks can catch it), or stop and restart the provider.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as jose from 'jose';
import Provider from 'oidc-provider';

export type Claims = Record<string, unknown>;

export type TestProviderOptions = {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** Ports tried in order (the first free one is used). */
  ports: [number, number];
  /** The issuer's host name (default 127.0.0.1; the browser suite's Chromium resolves only localhost). */
  host?: string;
};

export type TestProvider = {
  issuer: string;
  port: number;
  /** Change the claims of the next ID tokens (null: leave them alone). Re-signed with the provider's key. */
  tamper(fn: ((claims: Claims) => Claims) | null): void;
  /** Stops listening (the provider "is down") until start(). */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
};

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>` +
  `<body><main><h1>${title}</h1>${body}</main></body></html>`;

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The subject the provider gives an e-mail address: stable, so the same person signs in as the same subject. */
export const subjectFor = (email: string) => `sub-${email.toLowerCase()}`;

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function listenInRange(server: http.Server, [from, to]: [number, number]): Promise<number> {
  for (let port = from; port <= to; port++) {
    const ok = await new Promise<boolean>((resolve) => {
      const onError = () => {
        server.off('listening', onListening);
        resolve(false);
      };
      const onListening = () => {
        server.off('error', onError);
        resolve(true);
      };
      server.once('error', onError);
      server.once('listening', onListening);
      server.listen(port, '127.0.0.1');
    });
    if (ok) return (server.address() as AddressInfo).port;
  }
  throw new Error(`no free port in ${from}-${to}`);
}

export async function startTestProvider(o: TestProviderOptions): Promise<TestProvider> {
  const { privateKey, publicKey } = await jose.generateKeyPair('RS256', { extractable: true });
  const kid = 'test-key-1';
  const jwk = { ...(await jose.exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
  void publicKey;
  const accounts = new Map<string, Claims>();
  let tamper: ((claims: Claims) => Claims) | null = null;

  const server = http.createServer();
  const port = await listenInRange(server, o.ports);
  const issuer = `http://${o.host ?? '127.0.0.1'}:${port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: o.clientId,
        client_secret: o.clientSecret,
        redirect_uris: o.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    findAccount: async (_ctx, sub) => {
      const claims = accounts.get(sub);
      return claims ? { accountId: sub, claims: async () => ({ sub, ...claims }) } : undefined;
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['test-provider-cookie-key-0123456789'] },
    jwks: { keys: [jwk] },
  });

  // the tests' tampering: the ID token of a token response re-signed with other claims
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (tamper && ctx.path === '/token' && ctx.status === 200 && body && typeof body.id_token === 'string') {
      const claims = tamper({ ...jose.decodeJwt(body.id_token) });
      const idToken = await new jose.SignJWT(claims as jose.JWTPayload).setProtectedHeader({ alg: 'RS256', kid }).sign(privateKey);
      ctx.body = { ...body, id_token: idToken };
    }
  });

  const callback = provider.callback();
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.url === '/favicon.ico') return void res.writeHead(204).end();
    const m = /^\/interaction\/([^/?]+)(\/(login|confirm))?(\?.*)?$/.exec(req.url ?? '');
    if (!m) return void callback(req, res);
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        const uid = escape(details.uid);
        if (req.method === 'GET') {
          res.setHeader('Content-Type', 'text/html; charset=utf-8');
          if (details.prompt.name === 'login') {
            return void res.end(
              page(
                'Test ID: sign in',
                `<form method="post" action="/interaction/${uid}/login">` +
                  `<label>Email <input name="email" type="email" autocomplete="off"></label>` +
                  `<label>Given name <input name="given_name"></label>` +
                  `<label>Family name <input name="family_name"></label>` +
                  `<label><input type="checkbox" name="email_verified" value="true" checked> Email verified</label>` +
                  `<button type="submit" name="action" value="login">Sign in</button>` +
                  `<button type="submit" name="action" value="cancel">Cancel</button></form>`,
              ),
            );
          }
          return void res.end(
            page(
              'Test ID: allow access',
              `<p>Weightwise would like your e-mail address and name.</p><form method="post" action="/interaction/${uid}/confirm">` +
                `<button type="submit" name="action" value="allow">Allow</button>` +
                `<button type="submit" name="action" value="deny">Deny</button></form>`,
            ),
          );
        }
        const form = await readForm(req);
        const denied = { error: 'access_denied', error_description: 'End-User aborted interaction' };
        if (m[3] === 'login') {
          if (form.get('action') === 'cancel')
            return void (await provider.interactionFinished(req, res, denied, { mergeWithLastSubmission: false }));
          const email = (form.get('email') ?? '').trim();
          const accountId = email ? subjectFor(email) : `sub-anonymous-${details.uid}`;
          const claims: Claims = {};
          if (email) {
            claims.email = email;
            claims.email_verified = form.get('email_verified') === 'true';
          }
          if (form.get('given_name')) claims.given_name = form.get('given_name');
          if (form.get('family_name')) claims.family_name = form.get('family_name');
          accounts.set(accountId, claims);
          return void (await provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false }));
        }
        if (form.get('action') === 'deny')
          return void (await provider.interactionFinished(req, res, denied, { mergeWithLastSubmission: false }));
        const { prompt, params, session } = details;
        const grant = details.grantId
          ? (await provider.Grant.find(details.grantId))!
          : new provider.Grant({ accountId: session!.accountId, clientId: params.client_id as string });
        const missing = prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
        if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
        if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
        const grantId = await grant.save();
        await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
      } catch (err) {
        res.statusCode = 400;
        res.end(`interaction failed: ${(err as Error).name}`);
      }
    })();
  });

  let listening = true;
  const stop = async () => {
    if (!listening) return;
    listening = false;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return {
    issuer,
    port,
    tamper(fn) {
      tamper = fn;
    },
    stop,
    async start() {
      if (listening) return;
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => resolve());
      });
      listening = true;
    },
    close: stop,
  };
}

/**
 * Drives the provider's pages without a browser: opens the authorization URL, signs in with `person` and allows (or
 * cancels / denies), following the provider's redirects, and returns the redirect to the client's callback.
 */
export async function signInAtProvider(
  authorizationUrl: string,
  person: { email?: string; givenName?: string; familyName?: string; verified?: boolean },
  o: { cancel?: boolean; deny?: boolean; callbackPrefix: string },
): Promise<URL> {
  const jar = new Map<string, string>();
  const remember = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  let url = new URL(authorizationUrl);
  for (let hop = 0; hop < 20; hop++) {
    if (url.href.startsWith(o.callbackPrefix)) return url;
    const interaction = /^\/interaction\/([^/?]+)$/.exec(url.pathname);
    let res: Response;
    if (interaction) {
      // the page says which step it is: answer its form
      const pageRes = await fetch(url, { headers: { cookie: cookie() }, redirect: 'manual' });
      remember(pageRes);
      const html = await pageRes.text();
      const form = new URLSearchParams();
      let action: string;
      if (html.includes('/login"')) {
        action = `${url.pathname}/login`;
        form.set('action', o.cancel ? 'cancel' : 'login');
        if (person.email) form.set('email', person.email);
        if (person.givenName) form.set('given_name', person.givenName);
        if (person.familyName) form.set('family_name', person.familyName);
        if (person.verified !== false) form.set('email_verified', 'true');
      } else {
        action = `${url.pathname}/confirm`;
        form.set('action', o.deny ? 'deny' : 'allow');
      }
      res = await fetch(new URL(action, url), {
        method: 'POST',
        headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        redirect: 'manual',
      });
    } else {
      res = await fetch(url, { headers: { cookie: cookie() }, redirect: 'manual' });
    }
    remember(res);
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider answered ${res.status} at ${url.pathname}: ${(await res.text()).slice(0, 200)}`);
    url = new URL(location, url);
  }
  throw new Error('too many redirects at the provider');
}
