// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_WORKER_URL, registerServiceWorker, WORKER_DELAY_MS } from './registerServiceWorker';

describe('registering the service worker', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits after the load for an idle moment, so its install never competes with the first screen', () => {
    vi.useFakeTimers();
    const register = vi.fn(() => Promise.resolve({}));
    Object.defineProperty(navigator, 'serviceWorker', { value: { register }, configurable: true });
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (fn: () => void) => idle.push(fn));
    registerServiceWorker(true);
    expect(register).not.toHaveBeenCalled();
    vi.advanceTimersByTime(WORKER_DELAY_MS - 1);
    expect(idle).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(register).not.toHaveBeenCalled();
    idle.forEach((fn) => fn());
    expect(register).toHaveBeenCalledWith(APP_WORKER_URL, { scope: '/' });
  });

  it('is never registered by a development build', () => {
    vi.useFakeTimers();
    const register = vi.fn(() => Promise.resolve({}));
    Object.defineProperty(navigator, 'serviceWorker', { value: { register }, configurable: true });
    registerServiceWorker(false);
    vi.advanceTimersByTime(WORKER_DELAY_MS * 10);
    expect(register).not.toHaveBeenCalled();
  });
});
