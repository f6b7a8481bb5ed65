import { useSyncExternalStore } from 'react';
import type { Scheme } from '../domain/themeColors';
import { DARK_QUERY, deviceIsDark, resolveScheme } from '../state/cachedTheme';
import { useAppSelector } from '../state/store';

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** The appearance a preference means on this device right now. */
export { resolveScheme };

/** The appearance in force: the user's choice, or the device's when they chose System (followed as it changes). */
export function useColorScheme(): Scheme {
  const preference = useAppSelector((state) => state.preferences.colorScheme);
  const dark = useSyncExternalStore(subscribe, deviceIsDark, () => false);
  return resolveScheme(preference, dark);
}
