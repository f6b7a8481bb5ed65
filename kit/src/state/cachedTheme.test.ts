// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { applyCachedTheme, rememberTheme, resolveScheme, THEME_STORAGE_KEY } from './cachedTheme';

const root = () => document.documentElement;
const DARK_TEAL = { '--primary': '#3ab0b9', '--surface': '#18202a' };

afterEach(() => {
  localStorage.clear();
  root().removeAttribute('style');
  delete root().dataset.scheme;
});

describe('the theme a page starts in', () => {
  it('is the last one applied on this device, colours and all, when it still means the same appearance', () => {
    rememberTheme({ preference: 'SYSTEM', scheme: 'dark', properties: DARK_TEAL });
    applyCachedTheme(root(), localStorage, true);
    expect(root().dataset.scheme).toBe('dark');
    expect(root().style.colorScheme).toBe('dark');
    expect(root().style.getPropertyValue('--surface')).toBe('#18202a');
  });

  it('follows the device for a user who chose System, leaving colours made for the other appearance to the app', () => {
    rememberTheme({ preference: 'SYSTEM', scheme: 'dark', properties: DARK_TEAL });
    applyCachedTheme(root(), localStorage, false);
    expect(root().dataset.scheme).toBe('light');
    expect(root().style.getPropertyValue('--surface')).toBe('');
  });

  it('keeps a chosen appearance whatever the device is set to', () => {
    rememberTheme({ preference: 'DARK', scheme: 'dark', properties: DARK_TEAL });
    applyCachedTheme(root(), localStorage, false);
    expect(root().dataset.scheme).toBe('dark');
    expect(root().style.getPropertyValue('--primary')).toBe('#3ab0b9');
  });

  it('comes from the stored preference, or the device, when no usable theme was kept, in kit’s default colours', () => {
    for (const stored of [
      undefined,
      'not json',
      '{"preference":"DARK","scheme":"dim","properties":{}}',
      '{"preference":"DARK","scheme":"dark","properties":{"color":"red"}}',
    ]) {
      if (stored !== undefined) localStorage.setItem(THEME_STORAGE_KEY, stored);
      applyCachedTheme(root(), localStorage, true);
      expect(root().dataset.scheme).toBe('dark');
      expect(root().style.getPropertyValue('--primary')).toBe('');
    }
    localStorage.setItem('preferences', JSON.stringify({ colorScheme: 'LIGHT' }));
    applyCachedTheme(root(), localStorage, true);
    expect(root().dataset.scheme).toBe('light');
    applyCachedTheme(root(), undefined, false);
    expect(root().dataset.scheme).toBe('light');
    expect(() =>
      applyCachedTheme(
        root(),
        {
          getItem: () => {
            throw new Error('denied');
          },
        } as unknown as Storage,
        true,
      ),
    ).not.toThrow();
  });

  it('resolves a preference on a light or a dark device', () => {
    expect([resolveScheme('SYSTEM', true), resolveScheme('SYSTEM', false)]).toEqual(['dark', 'light']);
    expect([resolveScheme('LIGHT', true), resolveScheme('DARK', false)]).toEqual(['light', 'dark']);
  });
});
