/**
 * GitHub speaks plain OAuth 2 (no ID token, no discovery): the same flow through openid-client, then GitHub's REST
 * API for who signed in. A stand-in for github.com (a GitHub Enterprise Server URL) answers here.
 */
import http from 'node:http';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, describeDb, uniqueEmail } from '../test/harness.js';
import { listenInRange } from '../test/oidc-provider.js';
import type { GithubProviderConfig } from '../auth/provider-config.js';

const PUBLIC_URL = 'http://localhost:3000';
const SECRET = 'gh-secret-0123456789';
let server: http.Server;
let base = '';
let person: { id: number; login: string; name: string | null; email: string; verified: boolean } = {
  id: 1,
  login: 'x',
  name: null,
  email: '',
  verified: true,
};
const codes = new Map<string, { challenge: string; redirectUri: string }>();

beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', base);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/login/oauth/authorize') {
      const code = `code-${codes.size}`;
      codes.set(code, { challenge: url.searchParams.get('code_challenge') ?? '', redirectUri: url.searchParams.get('redirect_uri') ?? '' });
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { Location: back.href });
      return void res.end();
    }
    if (url.pathname === '/login/oauth/access_token' && req.method === 'POST') {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const form = new URLSearchParams(raw);
      const grant = codes.get(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (form.get('client_secret') !== SECRET || !grant || grant.challenge !== challenge || grant.redirectUri !== form.get('redirect_uri'))
        return json(400, { error: 'bad_verification_code' });
      codes.delete(form.get('code')!);
      return json(200, { access_token: 'gho_test_token', token_type: 'bearer', scope: 'read:user,user:email' });
    }
    if (req.headers.authorization !== 'Bearer gho_test_token') return json(401, { message: 'Bad credentials' });
    if (url.pathname === '/api/v3/user') return json(200, { id: person.id, login: person.login, name: person.name });
    if (url.pathname === '/api/v3/user/emails')
      return json(200, [
        { email: `other-${person.email}`, primary: false, verified: true },
        { email: person.email, primary: true, verified: person.verified },
      ]);
    json(404, { message: 'Not Found' });
  });
  const port = await listenInRange(server, [47000, 47049]);
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const github = (): GithubProviderConfig => ({
  kind: 'github',
  id: 'github',
  name: 'GitHub',
  clientId: 'gh-client',
  clientSecret: SECRET,
  webUrl: base,
  apiUrl: `${base}/api/v3`,
  scopes: ['read:user', 'user:email'],
});

describeDb('sign-in with GitHub (OAuth 2)', (ctx) => {
  it('state and PKCE through the code exchange; the primary verified address and the name from the API', async () => {
    const app = ctx.makeApp({ identityProviders: [github()], publicUrl: PUBLIC_URL });
    person = { id: 4242, login: 'octocat', name: 'Mona Lisa Octocat', email: uniqueEmail('octo'), verified: true };
    const start = await call(app, 'POST', '/api/auth/external/github/start', { body: { remember: true } });
    expect(start.status).toBe(200);
    const auth = new URL(start.body.authorizationUrl);
    expect(auth.origin + auth.pathname).toBe(`${base}/login/oauth/authorize`);
    expect(auth.searchParams.get('scope')).toBe('read:user user:email');
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    expect(auth.searchParams.has('nonce')).toBe(false);
    const cookie = start.headers
      .getSetCookie()
      .find((l) => l.startsWith('wt_external='))!
      .split(';')[0]!;
    const redirect = await fetch(auth, { redirect: 'manual' });
    const back = new URL(redirect.headers.get('location')!);
    expect(back.href.startsWith(`${PUBLIC_URL}/api/auth/external/github/callback?`)).toBe(true);

    // a tampered state is refused before the code is redeemed
    const tampered = new URL(back);
    tampered.searchParams.set('state', 'x'.repeat(43));
    expect((await call(app, 'GET', tampered.pathname + tampered.search, { cookie })).headers.get('location')).toBe(
      '/login?signin_error=failed&provider=github',
    );

    const again = await call(app, 'POST', '/api/auth/external/github/start', { body: { remember: true, returnTo: '/dashboard/settings' } });
    const cookie2 = again.headers
      .getSetCookie()
      .find((l) => l.startsWith('wt_external='))!
      .split(';')[0]!;
    const back2 = new URL((await fetch(again.body.authorizationUrl, { redirect: 'manual' })).headers.get('location')!);
    const res = await call(app, 'GET', back2.pathname + back2.search, { cookie: cookie2 });
    expect(res.headers.get('location')).toBe('/login?signin=github&next=%2Fdashboard%2Fsettings&remember=1');
    const refresh = res.headers
      .getSetCookie()
      .find((l) => l.startsWith('wt_refresh='))!
      .split(';')[0]!;
    const token = (await call(app, 'GET', '/api/auth/token', { cookie: refresh })).body.accessToken;
    const me = await call(app, 'GET', '/api/users/me', { token });
    expect(me.body).toMatchObject({ firstName: 'Mona Lisa', lastName: 'Octocat', email: person.email });
  });

  it('an unverified primary address is not taken: the person gives one', async () => {
    const app = ctx.makeApp({ identityProviders: [github()], publicUrl: PUBLIC_URL });
    person = { id: 777, login: 'hubot', name: null, email: uniqueEmail('hubot'), verified: false };
    const start = await call(app, 'POST', '/api/auth/external/github/start', { body: {} });
    const cookie = start.headers
      .getSetCookie()
      .find((l) => l.startsWith('wt_external='))!
      .split(';')[0]!;
    const back = new URL((await fetch(start.body.authorizationUrl, { redirect: 'manual' })).headers.get('location')!);
    const res = await call(app, 'GET', back.pathname + back.search, { cookie });
    expect(res.headers.get('location')).toBe('/login?signin=pending');
    const pending = res.headers
      .getSetCookie()
      .find((l) => l.startsWith('wt_external='))!
      .split(';')[0]!;
    expect((await call(app, 'GET', '/api/auth/external/pending', { cookie: pending })).body).toMatchObject({
      kind: 'email',
      email: person.email,
      firstName: 'hubot',
    });
  });
});
