import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { mergePreferences, type Preferences } from '../domain/preferences';
import { local, PREFERENCES_STORAGE_KEY, readJson } from './storage';

/** Stored preferences merged over the defaults; garbage in storage falls back to defaults. */
export function loadPreferences(): Preferences {
  return mergePreferences(readJson<unknown>(local(), PREFERENCES_STORAGE_KEY));
}

export const preferencesSlice = createSlice({
  name: 'preferences',
  initialState: mergePreferences(undefined),
  reducers: {
    setPreferences(state, action: PayloadAction<Partial<Preferences>>) {
      return mergePreferences({ ...state, ...action.payload });
    },
  },
  selectors: {
    selectPreferences: (state) => state,
    selectUnit: (state) => state.unit,
    selectWeekStartsOn: (state) => state.weekStartsOn,
    selectThemeColor: (state) => state.themeColor,
  },
});

export const { setPreferences } = preferencesSlice.actions;
export const { selectPreferences, selectUnit, selectWeekStartsOn, selectThemeColor } = preferencesSlice.selectors;
