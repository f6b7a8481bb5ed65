import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  darken,
  DEFAULT_THEME_COLOR,
  HEX_COLOR_ERROR,
  hexToRgb,
  hexToRgba,
  hoverShade,
  isValidHexColor,
  lighten,
  readableTextColor,
  relativeLuminance,
  rgbToHex,
  THEME_PALETTE,
  validateHexColor,
} from './theme';

describe('validateHexColor', () => {
  it('accepts 3 or 6 hex digits with an optional #, normalised', () => {
    expect(validateHexColor('#3AB0B9')).toEqual({ ok: true, hex: '#3ab0b9' });
    expect(validateHexColor('3ab0b9')).toEqual({ ok: true, hex: '#3ab0b9' });
    expect(validateHexColor('#abc')).toEqual({ ok: true, hex: '#aabbcc' });
    expect(validateHexColor('FFF')).toEqual({ ok: true, hex: '#ffffff' });
    expect(validateHexColor('#000000')).toEqual({ ok: true, hex: '#000000' });
  });

  it("rejects everything else with 'Invalid hex color format'", () => {
    const bad = ['', '#', '#ab', 'ab', '#abcd', '#abcde', '#abcdefg', '1234567', '#ggg', '##abc', ' #abc', '#abc ', 'red', '#12345678'];
    for (const input of bad) expect(validateHexColor(input)).toEqual({ ok: false, error: 'Invalid hex color format' });
    expect(validateHexColor(null)).toEqual({ ok: false, error: HEX_COLOR_ERROR });
    expect(validateHexColor(0xabcdef)).toEqual({ ok: false, error: HEX_COLOR_ERROR });
    expect(isValidHexColor('#abc')).toBe(true);
    expect(isValidHexColor('#abcd')).toBe(false);
  });
});

describe('palette', () => {
  it('lists the 10 colours in order and the default', () => {
    expect(THEME_PALETTE).toEqual([
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
    expect(DEFAULT_THEME_COLOR).toBe('#3ab0b9');
    for (const { hex } of THEME_PALETTE) expect(validateHexColor(hex)).toEqual({ ok: true, hex });
  });
});

describe('colour maths', () => {
  it('converts between hex and channels', () => {
    expect(hexToRgb('#3ab0b9')).toEqual({ r: 58, g: 176, b: 185 });
    expect(hexToRgb('fff')).toEqual({ r: 255, g: 255, b: 255 });
    expect(() => hexToRgb('nope')).toThrow('Invalid hex color format');
    expect(rgbToHex({ r: 58, g: 176, b: 185 })).toBe('#3ab0b9');
    expect(rgbToHex({ r: -5, g: 300, b: 127.5 })).toBe('#00ff80');
  });

  it('builds translucent fills', () => {
    expect(hexToRgba('#3ab0b9', 0.1)).toBe('rgba(58, 176, 185, 0.1)');
    expect(hexToRgba('#000', 0)).toBe('rgba(0, 0, 0, 0)');
    expect(hexToRgba('#fff', 2)).toBe('rgba(255, 255, 255, 1)');
    expect(hexToRgba('#fff', Number.NaN)).toBe('rgba(255, 255, 255, 1)');
    expect(() => hexToRgba('#ff', 0.1)).toThrow(HEX_COLOR_ERROR);
  });

  it('follows WCAG luminance and contrast', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(relativeLuminance('#3ab0b9')).toBeCloseTo(0.3545, 2);
    expect(contrastRatio('#000', '#fff')).toBe(21);
    expect(contrastRatio('#fff', '#000')).toBe(21);
    expect(contrastRatio('#3ab0b9', '#3ab0b9')).toBe(1);
  });

  it('picks readable text', () => {
    expect(readableTextColor('#ffffff')).toBe('#000000');
    expect(readableTextColor('#000000')).toBe('#ffffff');
    expect(readableTextColor('#eab308')).toBe('#000000');
    expect(readableTextColor('#3ab0b9')).toBe('#000000');
    expect(readableTextColor('#6b7280')).toBe('#ffffff');
    // Violet: contrast 4.96 with black against 4.23 with white, so WCAG picks black.
    expect(readableTextColor('#8b5cf6')).toBe('#000000');
    expect(readableTextColor('#3b82f6')).toBe('#000000');
    expect(readableTextColor('#ef4444')).toBe('#000000');
  });

  it('makes darker and lighter shades', () => {
    expect(darken('#ffffff', 0.5)).toBe('#808080');
    expect(lighten('#000000', 0.5)).toBe('#808080');
    expect(darken('#3ab0b9', 0)).toBe('#3ab0b9');
    expect(darken('#3ab0b9', 1)).toBe('#000000');
    expect(lighten('#3ab0b9', 1)).toBe('#ffffff');
    expect(lighten('#3ab0b9', 5)).toBe('#ffffff');
    expect(hoverShade('#3ab0b9')).toBe('#31969d');
    expect(hoverShade('#000000')).toBe('#262626');
  });
});
