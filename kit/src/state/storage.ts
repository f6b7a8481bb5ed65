/** The signed-in user and access token of this tab (sessionStorage). */
export const AUTH_STORAGE_KEY = 'auth';
/** Each path's opening reads on its last visit, for the signed-in user (localStorage; api/readAhead.ts). */
export const READ_AHEAD_STORAGE_KEY = 'readAhead';
/** The user's display preferences on this device (localStorage; preferencesSlice.ts). */
export const PREFERENCES_STORAGE_KEY = 'preferences';

/**
 * Storage access that never throws: private modes and full quotas make Web Storage fail,
 * and a broken preference must not turn into a white screen.
 */
export function readJson<T>(storage: Storage | undefined, key: string): T | undefined {
  try {
    const raw = storage?.getItem(key);
    return raw == null ? undefined : (JSON.parse(raw) as T);
  } catch {
    return undefined;
  }
}

export function writeJson(storage: Storage | undefined, key: string, value: unknown): void {
  try {
    if (value === undefined || value === null) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(value));
  } catch {
    /* storage unavailable: state still works for this page view */
  }
}

export const session = (): Storage | undefined => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);
export const local = (): Storage | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage);
