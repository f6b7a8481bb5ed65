import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME_COLOR, THEME_PALETTE } from './theme';
import { BASE_COLORS, contrast, mixHex, shadeForContrast, textOn, themeColors, themeCustomProperties, type Scheme } from './themeColors';

const SCHEMES: Scheme[] = ['light', 'dark'];
// the palette, the default, and colours chosen to be awkward: pale, neon, near-black, near-white, grey
const COLORS = [
  DEFAULT_THEME_COLOR,
  ...THEME_PALETTE.map((c) => c.hex),
  '#ffff00',
  '#fef08a',
  '#00ff00',
  '#ffffff',
  '#111111',
  '#777777',
  '#0000ff',
  '#a855f7',
  '#b45309',
  '#ffff00',
  '#00ff00',
  '#00ffff',
];

describe('theme colours are always readable', () => {
  for (const scheme of SCHEMES) {
    const { bg, surface } = BASE_COLORS[scheme];
    for (const color of COLORS) {
      it(`${color} in ${scheme}`, () => {
        const t = themeColors(color, scheme);
        expect(t.primary).toBe(color);
        // text on the fill, and the hover fill
        expect(contrast(t.primaryContrast, t.primary)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(t.primaryContrast, t.primaryHover)).toBeGreaterThanOrEqual(4.5);
        // theme-coloured text and links on the page, the surfaces and the soft tint
        for (const background of [bg!, surface!, t.primarySoft]) expect(contrast(t.primaryText, background)).toBeGreaterThanOrEqual(4.5);
        // the page's own text on the soft tint (a chosen period, a row under the pointer, the average chips)
        for (const name of ['text', 'muted', 'good', 'bad', 'neutral'])
          expect(contrast(BASE_COLORS[scheme][name]!, t.primarySoft), name).toBeGreaterThanOrEqual(4.5);
        // lines, borders and the focus ring
        for (const background of [bg!, surface!]) {
          expect(contrast(t.primaryBorder, background)).toBeGreaterThanOrEqual(3);
          expect(contrast(t.focusRing, background)).toBeGreaterThanOrEqual(3);
        }
        // the weight line (and the goal's bar on its soft track) at 3:1, in the chosen colour where that reads so
        expect(contrast(t.chartLine, surface!)).toBeGreaterThanOrEqual(3);
        expect(contrast(t.chartLine, t.primarySoft)).toBeGreaterThanOrEqual(3);
        if (contrast(color, surface!) >= 3 && contrast(color, t.primarySoft) >= 3) expect(t.chartLine).toBe(color);
        expect(contrast(t.trendLine, surface!)).toBeGreaterThanOrEqual(3);
        // the trend is told apart from the weights even with black or white chosen
        expect(contrast(t.trendLine, t.chartLine)).toBeGreaterThanOrEqual(1.5);
      });
    }
  }

  it('keeps a colour that already reads well, and moves the others as little as needed', () => {
    expect(themeColors('#1d4ed8', 'light').primaryText).toBe('#1d4ed8');
    const teal = themeColors(DEFAULT_THEME_COLOR, 'light').primaryText;
    expect(contrast(teal, '#ffffff')).toBeLessThan(5.2);
    expect(shadeForContrast('#3ab0b9', ['#ffffff'], 4.5, 'light')).not.toBe('#3ab0b9');
  });

  it('picks black text on yellow and white text on blue', () => {
    expect(textOn('#eab308')).toBe('#000000');
    expect(textOn('#1d4ed8')).toBe('#ffffff');
  });

  it('falls back to the default colour for an invalid one', () => {
    expect(themeColors('nonsense', 'light').primary).toBe(DEFAULT_THEME_COLOR);
  });

  it('mixes in sRGB like CSS color-mix', () => {
    expect(mixHex('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mixHex('#ff0000', '#ffffff', 0)).toBe('#ff0000');
  });
});

describe('the neutral colours of each appearance', () => {
  for (const scheme of SCHEMES) {
    const c = BASE_COLORS[scheme];
    it(`${scheme}: text, muted, good, bad on page and surfaces; field edges at 3:1`, () => {
      for (const background of [c.bg!, c.surface!]) {
        for (const ink of [c.text!, c.muted!, c.good!, c.bad!, c.neutral!]) expect(contrast(ink, background)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(c['input-border']!, background)).toBeGreaterThanOrEqual(3);
      }
      expect(contrast(c['on-danger']!, c.danger!)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(c.danger!, c.surface!)).toBeGreaterThanOrEqual(3);
      // the change pills: their ink on a 12 % tint of itself
      for (const ink of [c.good!, c.bad!, c.neutral!]) expect(contrast(ink, mixHex(ink, c.surface!, 0.88))).toBeGreaterThanOrEqual(4.5);
    });
  }

  it('the stylesheet starts with the light appearance of the default teal', async () => {
    const { readFileSync } = await import('node:fs');
    const css = readFileSync(new URL('../styles.css', import.meta.url), 'utf8');
    const root = /:root \{([^}]*)\}/.exec(css)![1]!;
    for (const [name, value] of Object.entries(themeCustomProperties(DEFAULT_THEME_COLOR, 'light')))
      expect(root, name).toContain(`${name}: ${value};`);
  });

  it('and holds the dark appearance of the default teal for a page set to dark before the shell has started', async () => {
    const { readFileSync } = await import('node:fs');
    const css = readFileSync(new URL('../styles.css', import.meta.url), 'utf8');
    const dark = /:root\[data-scheme='dark'\] \{([^}]*)\}/.exec(css)![1]!;
    for (const [name, value] of Object.entries(themeCustomProperties(DEFAULT_THEME_COLOR, 'dark')))
      expect(dark, name).toContain(`${name}: ${value};`);
  });

  it('gives the page every custom property it uses', () => {
    const props = themeCustomProperties('#eab308', 'dark');
    expect(props['--primary']).toBe('#eab308');
    expect(props['--primary-contrast']).toBe('#000000');
    for (const name of [
      '--primary-strong',
      '--primary-soft',
      '--primary-hover',
      '--primary-border',
      '--focus-ring',
      '--bg',
      '--surface',
      '--text',
      '--muted',
    ])
      expect(props[name], name).toMatch(/^#[0-9a-f]{6}$/);
  });
});
