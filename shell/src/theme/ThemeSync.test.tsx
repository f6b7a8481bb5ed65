import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppStore, DEFAULT_PREFERENCES, readJson, setPreferences, THEME_STORAGE_KEY, type CachedTheme } from '@app/kit';
import { ThemeSync } from './ThemeSync';

function deviceDark(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches: dark,
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  };
  vi.stubGlobal('matchMedia', () => query);
  return {
    set(next: boolean) {
      query.matches = next;
      listeners.forEach((l) => l());
    },
  };
}

const root = () => document.documentElement;
const prop = (name: string) => root().style.getPropertyValue(name);

afterEach(() => {
  vi.unstubAllGlobals();
  root().removeAttribute('style');
  delete root().dataset.scheme;
});

describe('ThemeSync', () => {
  it('sets the theme colour, its readable shades and the light neutrals', () => {
    deviceDark(false);
    const store = createAppStore({ preferences: { ...DEFAULT_PREFERENCES, themeColor: '#eab308' } });
    render(
      <Provider store={store}>
        <ThemeSync />
      </Provider>,
    );
    expect(prop('--primary')).toBe('#eab308');
    expect(prop('--primary-contrast')).toBe('#000000');
    expect(prop('--primary-strong')).not.toBe('#eab308');
    expect(prop('--surface')).toBe('#ffffff');
    expect(root().dataset.scheme).toBe('light');
    expect(root().style.colorScheme).toBe('light');
  });

  it('follows the device when the choice is System, and a choice of Dark or Light wins over it', () => {
    const device = deviceDark(true);
    const store = createAppStore({ preferences: { ...DEFAULT_PREFERENCES } });
    render(
      <Provider store={store}>
        <ThemeSync />
      </Provider>,
    );
    expect(root().dataset.scheme).toBe('dark');
    expect(prop('--surface')).toBe('#18202a');
    act(() => device.set(false));
    expect(root().dataset.scheme).toBe('light');
    act(() => {
      store.dispatch(setPreferences({ colorScheme: 'DARK' }));
    });
    expect(root().dataset.scheme).toBe('dark');
    act(() => {
      store.dispatch(setPreferences({ colorScheme: 'LIGHT' }));
      device.set(true);
    });
    expect(root().dataset.scheme).toBe('light');
  });

  it('remembers the theme it applied, for the next page to start in', () => {
    deviceDark(true);
    const store = createAppStore({ preferences: { ...DEFAULT_PREFERENCES, themeColor: '#eab308' } });
    render(
      <Provider store={store}>
        <ThemeSync />
      </Provider>,
    );
    const cached = readJson<CachedTheme>(localStorage, THEME_STORAGE_KEY)!;
    expect(cached).toMatchObject({ preference: 'SYSTEM', scheme: 'dark' });
    expect(cached.properties['--primary']).toBe('#eab308');
    expect(cached.properties['--surface']).toBe('#18202a');
    act(() => {
      store.dispatch(setPreferences({ colorScheme: 'LIGHT' }));
    });
    expect(readJson<CachedTheme>(localStorage, THEME_STORAGE_KEY)).toMatchObject({ preference: 'LIGHT', scheme: 'light' });
  });
});
