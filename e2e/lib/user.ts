import { randomUUID } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import { BASE_URL } from './ports';

export interface TestUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  accessToken: string;
  user: Record<string, unknown> & { id: string };
}

/** Registers a fresh account through the API, as a browser on the shell's origin would. */
export async function createUser(overrides: Partial<Pick<TestUser, 'firstName' | 'lastName' | 'password'>> = {}): Promise<TestUser> {
  const firstName = overrides.firstName ?? 'Test';
  const lastName = overrides.lastName ?? 'User';
  const email = `e2e-${randomUUID()}@example.com`;
  const password = overrides.password ?? `pw-${randomUUID()}`;
  const res = await fetch(`${BASE_URL}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE_URL },
    body: JSON.stringify({ firstName, lastName, email, password }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const { accessToken, ...user } = (await res.json()) as { accessToken: string; id: string };
  return { email, password, firstName, lastName, accessToken, user: user as TestUser['user'] };
}

/** Calls the API as the user; throws on any status other than the expected one. */
export async function api<T = unknown>(user: TestUser, method: string, path: string, body?: unknown, expected?: number): Promise<T> {
  const res = await fetch(`${BASE_URL}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${user.accessToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const ok = expected ? res.status === expected : res.ok;
  if (!ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

export async function logWeights(user: TestUser, entries: Array<{ date: string; weightKg: number; notes?: string }>) {
  for (const entry of entries) await api(user, 'POST', '/weights', entry, 201);
}

/**
 * Signs a browser context in as the app itself does after login: auth in sessionStorage. Each
 * tab of this context starts signed in once (the access token lives 15 minutes, enough for a
 * test); after that the tab's own state rules, so logging out stays logged out.
 */
export async function signIn(context: BrowserContext, user: TestUser): Promise<void> {
  const auth = JSON.stringify({ user: user.user, accessToken: user.accessToken });
  await context.addInitScript((value) => {
    if (sessionStorage.getItem('e2e-signed-in')) return;
    sessionStorage.setItem('e2e-signed-in', '1');
    sessionStorage.setItem('auth', value);
  }, auth);
}

/** yyyy-MM-dd of a day relative to today, in the test machine's local calendar. */
export function dayOffset(days: number, from = new Date()): string {
  const d = new Date(from.getFullYear(), from.getMonth(), from.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
