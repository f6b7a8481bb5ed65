import type { ColorSchemePreference } from '../domain/preferences';
import type { Scheme } from '../domain/themeColors';
import { local, PREFERENCES_STORAGE_KEY, readJson, writeJson } from './storage';

/** The theme last applied on this device (localStorage), for the page's first statements to apply again. */
export const THEME_STORAGE_KEY = 'theme';

/** What the shell applied: the appearance the user chose, the one it meant then, and the colours for it. */
export interface CachedTheme {
  preference: ColorSchemePreference;
  scheme: Scheme;
  properties: Record<string, string>;
}

/** The media query of a device set to dark. */
export const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The appearance a preference means on a device that is (or is not) set to dark. */
export function resolveScheme(preference: ColorSchemePreference, deviceDark: boolean): Scheme {
  if (preference === 'LIGHT') return 'light';
  if (preference === 'DARK') return 'dark';
  return deviceDark ? 'dark' : 'light';
}

/** Whether the device is set to dark now. */
export const deviceIsDark = (): boolean => typeof window !== 'undefined' && !!window.matchMedia?.(DARK_QUERY).matches;

/** Kept by the shell each time it applies the theme, so the next page starts in it. */
export function rememberTheme(theme: CachedTheme, storage: Storage | undefined = local()): void {
  writeJson(storage, THEME_STORAGE_KEY, theme);
}

/**
 * domain/preferences has the same check (isColorSchemePreference), but importing it would bring the date and period
 * rules it also holds into the page's first script (11 KB).
 */
const isPreference = (value: unknown): value is ColorSchemePreference => value === 'LIGHT' || value === 'DARK' || value === 'SYSTEM';

function isCachedTheme(value: unknown): value is CachedTheme {
  const t = value as CachedTheme | undefined;
  return (
    typeof t === 'object' &&
    t !== null &&
    isPreference(t.preference) &&
    (t.scheme === 'light' || t.scheme === 'dark') &&
    typeof t.properties === 'object' &&
    t.properties !== null &&
    Object.entries(t.properties).every(([k, v]) => k.startsWith('--') && typeof v === 'string')
  );
}

/**
 * Applies the theme of the last visit to the page before the app has loaded: kit's stylesheet, which arrives first,
 * holds the light appearance in the default colour, and would show a dark-mode user a light page (for a second on a
 * slow connection) until the app had read the preferences and applied them. The appearance follows the device again
 * where the user chose System; the colours are applied when they were made for the appearance in force (the others
 * wait for the app, which has the colour maths). With no theme kept yet (a first visit), the appearance still comes
 * from the stored preference, System by default, in kit's default colour. Never throws.
 */
export function applyCachedTheme(
  root: HTMLElement = document.documentElement,
  storage: Storage | undefined = local(),
  deviceDark: boolean = deviceIsDark(),
): void {
  try {
    const cached = readJson<unknown>(storage, THEME_STORAGE_KEY);
    const theme = isCachedTheme(cached) ? cached : undefined;
    const preference = theme?.preference ?? storedPreference(storage);
    const scheme = resolveScheme(preference, deviceDark);
    if (theme && scheme === theme.scheme) for (const [name, value] of Object.entries(theme.properties)) root.style.setProperty(name, value);
    root.dataset.scheme = scheme;
    root.style.colorScheme = scheme;
  } catch {
    /* the app applies the theme as it starts */
  }
}

/** The appearance the stored preferences ask for, System when there are none. */
function storedPreference(storage: Storage | undefined): ColorSchemePreference {
  const chosen = readJson<{ colorScheme?: unknown }>(storage, PREFERENCES_STORAGE_KEY)?.colorScheme;
  return isPreference(chosen) ? chosen : 'SYSTEM';
}
