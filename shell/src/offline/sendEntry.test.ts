import { describe, expect, it } from 'vitest';
import { createAppStore } from '@app/kit';
import { apiError, installFetchMock, json, makeUser } from '@app/kit/testing';
import type { QueuedEntry } from './entryQueue';
import { sendEntry } from './sendEntry';

const b64url = (o: object) => btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const tokenOf = (sub: string, sid = 's1') => `${b64url({ alg: 'HS256' })}.${b64url({ sub, sid, role: 'USER' })}.sig`;

const ada = makeUser({ id: 'ada-0000-4000-8000-000000000001' });
const entry: QueuedEntry = {
  key: `${ada.id}:2025-03-12`,
  userId: ada.id,
  payload: { weightKg: 80.5, date: '2025-03-12' },
  queuedAt: '2025-03-12T07:00:00.000Z',
};
const storeSignedInAs = (token: string, user = ada) => createAppStore({ auth: { user, accessToken: token, persist: true } });

describe('sending a weight logged offline', () => {
  it('sends it as the person who logged it', async () => {
    const { calls } = installFetchMock(() => json(201, { id: 'e1', ...entry.payload, notes: null }));
    const store = storeSignedInAs(tokenOf(ada.id));
    expect(await sendEntry(store.dispatch, store.getState, entry)).toEqual({ kind: 'saved' });
    expect(calls.map((c) => [c.method, c.path, c.headers.get('authorization')])).toEqual([
      ['POST', '/api/weights', `Bearer ${tokenOf(ada.id)}`],
    ]);
  });

  it('never as someone who signed in since: it waits for its owner', async () => {
    const { calls } = installFetchMock(() => json(201, {}));
    const grace = makeUser({ id: 'grace-000-4000-8000-000000000002' });
    const store = storeSignedInAs(tokenOf(grace.id), grace);
    expect(await sendEntry(store.dispatch, store.getState, entry)).toEqual({ kind: 'no-answer' });
    expect(calls).toEqual([]);
  });

  it("nor with the token a refresh answers once the browser's cookie is someone else's (another tab)", async () => {
    const theirs = tokenOf('grace-000-4000-8000-000000000002');
    const { calls } = installFetchMock((call) =>
      call.path === '/api/auth/token' ? json(200, { accessToken: theirs }) : apiError(403, 'Forbidden'),
    );
    const store = storeSignedInAs(tokenOf(ada.id));
    expect(await sendEntry(store.dispatch, store.getState, entry)).toEqual({ kind: 'no-answer' });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(calls.some((c) => c.headers.get('authorization') === `Bearer ${theirs}`)).toBe(false);
    expect(store.getState().auth.accessToken).toBe(tokenOf(ada.id));
  });

  it('with a refreshed token of its owner, it goes', async () => {
    const fresh = tokenOf(ada.id, 's2');
    let posts = 0;
    installFetchMock((call) =>
      call.path === '/api/auth/token' ? json(200, { accessToken: fresh }) : ++posts === 1 ? apiError(403, 'Forbidden') : json(201, {}),
    );
    const store = storeSignedInAs(tokenOf(ada.id));
    expect(await sendEntry(store.dispatch, store.getState, entry)).toEqual({ kind: 'saved' });
    expect(store.getState().auth.accessToken).toBe(fresh);
  });
});
