// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import { connectionUnsettled, followConnection, noteReconnected, SETTLING_MS } from './connection';

afterEach(() => {
  noteReconnected(Number.NEGATIVE_INFINITY);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('connectionUnsettled', () => {
  it('is true while the browser is offline, and for a moment after the connection returns', () => {
    expect(connectionUnsettled(1_000_000)).toBe(false);
    noteReconnected(1_000_000);
    expect(connectionUnsettled(1_000_000 + SETTLING_MS - 1)).toBe(true);
    expect(connectionUnsettled(1_000_000 + SETTLING_MS)).toBe(false);
    vi.stubGlobal('navigator', { onLine: false });
    expect(connectionUnsettled(1_000_000 + SETTLING_MS)).toBe(true);
  });
});

describe('followConnection', () => {
  it('tells the API slice the connection is back at once and again once it has settled', () => {
    vi.useFakeTimers();
    const seen: string[] = [];
    const store = configureStore({ reducer: (s: null = null, a: { type: string }) => (seen.push(a.type), s) });
    const stop = followConnection(store.dispatch);
    window.dispatchEvent(new Event('online'));
    expect(seen.filter((t) => t === '__rtkq/online')).toHaveLength(1);
    expect(connectionUnsettled()).toBe(true);
    vi.advanceTimersByTime(SETTLING_MS);
    expect(seen.filter((t) => t === '__rtkq/online')).toHaveLength(2);
    window.dispatchEvent(new Event('offline'));
    expect(seen).toContain('__rtkq/offline');
    stop();
    window.dispatchEvent(new Event('online'));
    expect(seen.filter((t) => t === '__rtkq/online')).toHaveLength(2);
  });
});
