export const HEX_COLOR_ERROR = 'Invalid hex color format';
export const DEFAULT_THEME_COLOR = '#3ab0b9';

export interface PaletteColor {
  name: string;
  hex: string;
}

/** The 10 named colours of the theme picker, in display order. */
export const THEME_PALETTE: readonly PaletteColor[] = Object.freeze([
  { name: 'Red', hex: '#ef4444' },
  { name: 'Orange', hex: '#f97316' },
  { name: 'Yellow', hex: '#eab308' },
  { name: 'Green', hex: '#22c55e' },
  { name: 'Cyan', hex: '#06b6d4' },
  { name: 'Blue', hex: '#3b82f6' },
  { name: 'Violet', hex: '#8b5cf6' },
  { name: 'Pink', hex: '#ec4899' },
  { name: 'Gray', hex: '#6b7280' },
  { name: 'Black', hex: '#000000' },
]);

export type HexColorResult = { ok: true; hex: string } | { ok: false; error: typeof HEX_COLOR_ERROR };

// Optional leading '#', then exactly 3 or 6 hex digits (so never more than 7 characters).
const HEX_PATTERN = /^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** Validates user input as typed (no trimming) and normalises it to lowercase '#rrggbb'. */
export function validateHexColor(input: unknown): HexColorResult {
  if (typeof input !== 'string' || input.length > 7) return { ok: false, error: HEX_COLOR_ERROR };
  const match = HEX_PATTERN.exec(input);
  if (!match) return { ok: false, error: HEX_COLOR_ERROR };
  const digits = match[1].toLowerCase();
  const full = digits.length === 3 ? digits.replace(/./g, (d) => d + d) : digits;
  return { ok: true, hex: `#${full}` };
}

export function isValidHexColor(input: unknown): input is string {
  return validateHexColor(input).ok;
}

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** '#rgb' / '#rrggbb' (with or without '#') → channels; throws Error('Invalid hex color format'). */
export function hexToRgb(hex: string): Rgb {
  const result = validateHexColor(hex);
  if (!result.ok) throw new Error(HEX_COLOR_ERROR);
  const value = Number.parseInt(result.hex.slice(1), 16);
  return { r: (value >> 16) & 0xff, g: (value >> 8) & 0xff, b: value & 0xff };
}

export function rgbToHex({ r, g, b }: Rgb): string {
  const channel = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  return `#${channel(r)}${channel(g)}${channel(b)}`;
}

/** 'rgba(r, g, b, alpha)' for translucent fills (the chart uses alpha 0.1); alpha is clamped to 0..1. */
export function hexToRgba(hex: string, alpha: number): string {
  const { r, g, b } = hexToRgb(hex);
  const a = Number.isFinite(alpha) ? Math.min(1, Math.max(0, alpha)) : 1;
  return `rgba(${r}, ${g}, ${b}, ${a})`;
}

/** WCAG 2.x relative luminance (0 black .. 1 white). */
export function relativeLuminance(hex: string): number {
  const { r, g, b } = hexToRgb(hex);
  const linear = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio between two colours, 1..21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Black or white, whichever contrasts more with the background (ties go to white). */
export function readableTextColor(background: string): '#000000' | '#ffffff' {
  return contrastRatio(background, '#000000') > contrastRatio(background, '#ffffff') ? '#000000' : '#ffffff';
}

function mix(hex: string, toward: number, amount: number): string {
  const t = Math.min(1, Math.max(0, amount));
  const { r, g, b } = hexToRgb(hex);
  return rgbToHex({ r: r + (toward - r) * t, g: g + (toward - g) * t, b: b + (toward - b) * t });
}

/** Mixes toward black by `amount` (0..1), for hover and pressed states. */
export function darken(hex: string, amount: number): string {
  return mix(hex, 0, amount);
}

/** Mixes toward white by `amount` (0..1). */
export function lighten(hex: string, amount: number): string {
  return mix(hex, 255, amount);
}

/** A hover shade that stays visible: darker on light colours, lighter on dark ones. */
export function hoverShade(hex: string, amount = 0.15): string {
  return relativeLuminance(hex) < 0.05 ? lighten(hex, amount) : darken(hex, amount);
}
