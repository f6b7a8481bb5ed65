/**
 * The bench's user, signed in as the app is after its login: the user and an access token in sessionStorage. The
 * token lives 15 minutes and a full run on a slow machine is longer, so past 10 minutes `auth()` renews it with the
 * refresh cookie the login set, as the app itself does; a load never starts with a token about to run out.
 */
export async function signInBenchUser(origin: string, email: string, password: string): Promise<() => Promise<string>> {
  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const refreshCookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('wt_refresh='));
  if (!refreshCookie) throw new Error('login set no refresh cookie');
  const { accessToken, ...user } = (await login.json()) as { accessToken: string };
  let current = { token: accessToken, at: Date.now() };
  return async () => {
    if (Date.now() - current.at > RENEW_AFTER_MS) {
      const res = await fetch(`${origin}/api/auth/token`, { headers: { cookie: refreshCookie, origin } });
      if (!res.ok) throw new Error(`renewing the access token failed: ${res.status} ${await res.text()}`);
      current = { token: ((await res.json()) as { accessToken: string }).accessToken, at: Date.now() };
    }
    return JSON.stringify({ user, accessToken: current.token });
  };
}

const RENEW_AFTER_MS = 10 * 60 * 1000;
