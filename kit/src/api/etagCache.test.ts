import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../state/store';
import { installFetchMock, json } from '../test/fetchMock';
import { makeUser } from '../test/fixtures';
import { api } from './apiSlice';
import { ETAG_CACHE_SIZE, etagKey, forgetAnswers, heldAnswer, holdAnswer } from './etagCache';

afterEach(() => {
  vi.unstubAllGlobals();
  forgetAnswers();
});

const entries = [{ id: 'a', date: '2025-01-06', weightKg: 80, notes: null }];

describe('conditional GETs', () => {
  it('offers the held tag; a 304 resolves with the answer held, a 200 replaces it', async () => {
    let version = 1;
    const { calls } = installFetchMock((call) => {
      const tag = `W/"${version}-x"`;
      if (call.headers.get('if-none-match') === tag) return new Response(null, { status: 304, headers: { ETag: tag } });
      const res = json(200, version === 1 ? entries : [...entries, { id: 'b', date: '2025-01-07', weightKg: 79, notes: null }]);
      res.headers.set('ETag', tag);
      return res;
    });
    const store = createAppStore({ auth: { user: makeUser(), accessToken: 't', persist: false } });
    const args = { startDate: '2025-01-01', endDate: '2025-01-31' };
    expect(await store.dispatch(api.endpoints.getWeights.initiate(args, { forceRefetch: true })).unwrap()).toEqual(entries);
    expect(calls[0]!.headers.get('if-none-match')).toBeNull();
    // unchanged: 304, the same rows
    expect(await store.dispatch(api.endpoints.getWeights.initiate(args, { forceRefetch: true })).unwrap()).toEqual(entries);
    expect(calls[1]!.headers.get('if-none-match')).toBe('W/"1-x"');
    // changed: the new rows, and the new tag offered next time
    version = 2;
    expect(await store.dispatch(api.endpoints.getWeights.initiate(args, { forceRefetch: true })).unwrap()).toHaveLength(2);
    await store.dispatch(api.endpoints.getWeights.initiate(args, { forceRefetch: true }));
    expect(calls[3]!.headers.get('if-none-match')).toBe('W/"2-x"');
  });

  it('keys GETs by URL and query, never other methods; holds a bounded number, least recent first out', () => {
    expect(etagKey({ url: 'weights', params: { start_date: '2025-01-01', end_date: undefined } })).toBe('weights?start_date=2025-01-01');
    expect(etagKey('weights/latest')).toBe('weights/latest');
    expect(etagKey({ url: 'weights', method: 'POST' })).toBeNull();
    for (let i = 0; i <= ETAG_CACHE_SIZE; i++) holdAnswer(`k${i}`, `t${i}`, i);
    expect(heldAnswer('k0')).toBeUndefined();
    expect(heldAnswer('k1')?.data).toBe(1);
    forgetAnswers();
    expect(heldAnswer('k1')).toBeUndefined();
  });
});
