import { isWeekStartsOn, type WeekStartsOn } from './dates';
import { isPeriodKey, type PeriodKey } from './periods';
import { DEFAULT_THEME_COLOR, validateHexColor } from './theme';
import { isUnitSystem, type UnitSystem } from './units';

/** Light, dark, or whatever the device is set to. */
export type ColorSchemePreference = 'LIGHT' | 'DARK' | 'SYSTEM';
const COLOR_SCHEMES: readonly ColorSchemePreference[] = ['LIGHT', 'DARK', 'SYSTEM'];
export const isColorSchemePreference = (value: unknown): value is ColorSchemePreference =>
  COLOR_SCHEMES.includes(value as ColorSchemePreference);

/** Preferences held on the client. */
export interface Preferences {
  unit: UnitSystem;
  defaultSelectedPeriod: PeriodKey;
  alignToCalendar: boolean;
  /** 0 Sunday, 1 Monday. */
  weekStartsOn: WeekStartsOn;
  /** Lowercase '#rrggbb'. */
  themeColor: string;
  /** Draw the smoothed trend line over the raw points of the weight graph. */
  showTrend: boolean;
  /** The appearance; the account holds it, the device remembers it for the next first paint. */
  colorScheme: ColorSchemePreference;
}

export const DEFAULT_PREFERENCES: Readonly<Preferences> = Object.freeze({
  unit: 'METRIC',
  defaultSelectedPeriod: 'week',
  alignToCalendar: true,
  weekStartsOn: 0,
  themeColor: DEFAULT_THEME_COLOR,
  showTrend: true,
  colorScheme: 'SYSTEM',
});

function parseStored(stored: unknown): Record<string, unknown> | undefined {
  let value = stored;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/**
 * Stored preferences (an object or its JSON text) merged over the defaults, field by field:
 * a valid value wins, anything invalid or missing keeps the default. Never throws.
 */
export function mergePreferences(stored: unknown): Preferences {
  const merged: Preferences = { ...DEFAULT_PREFERENCES };
  try {
    const record = parseStored(stored);
    if (!record) return merged;
    if (isUnitSystem(record.unit)) merged.unit = record.unit;
    if (isPeriodKey(record.defaultSelectedPeriod)) merged.defaultSelectedPeriod = record.defaultSelectedPeriod;
    if (typeof record.alignToCalendar === 'boolean') merged.alignToCalendar = record.alignToCalendar;
    if (isWeekStartsOn(record.weekStartsOn)) merged.weekStartsOn = record.weekStartsOn;
    const color = validateHexColor(record.themeColor);
    if (color.ok) merged.themeColor = color.hex;
    if (typeof record.showTrend === 'boolean') merged.showTrend = record.showTrend;
    if (isColorSchemePreference(record.colorScheme)) merged.colorScheme = record.colorScheme;
    return merged;
  } catch {
    // A hostile object (throwing getters) still yields usable preferences.
    return { ...DEFAULT_PREFERENCES };
  }
}
