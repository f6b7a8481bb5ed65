import { clampChroma, converter, formatHex, modeLrgb, modeOklch, modeRgb, parse, useMode as registerMode, wcagContrast } from 'culori/fn';
import { DEFAULT_THEME_COLOR, validateHexColor } from './theme';

// culori's tree-shakeable build knows only the colour spaces registered here
registerMode(modeRgb);
registerMode(modeLrgb);
registerMode(modeOklch);
const toOklch = converter('oklch');

/** The two appearances the product draws in. */
export type Scheme = 'light' | 'dark';

/** Contrast the product promises: 4.5:1 for text, 3:1 for lines, borders and focus rings (WCAG 2.2 AA). */
export const TEXT_CONTRAST = 4.5;
export const UI_CONTRAST = 3;

/** The neutral colours of each appearance; every text colour here reads at 4.5:1 on both backgrounds. */
export const BASE_COLORS: Readonly<Record<Scheme, Readonly<Record<string, string>>>> = Object.freeze({
  light: Object.freeze({
    bg: '#f5f7f9',
    surface: '#ffffff',
    text: '#1c2430',
    muted: '#56606e',
    border: '#d5dce4',
    // a field's edge must be seen: 3:1 on the surface
    'input-border': '#7c8795',
    good: '#166534',
    bad: '#b91c1c',
    neutral: '#56606e',
    grid: '#e8ecf0',
    goal: '#5f6b7a',
    // a filled danger button and its text
    danger: '#b91c1c',
    'on-danger': '#ffffff',
  }),
  dark: Object.freeze({
    bg: '#0f141a',
    surface: '#18202a',
    text: '#e6ebf1',
    muted: '#a3afbc',
    border: '#2e3946',
    'input-border': '#7d8a99',
    good: '#4ade80',
    bad: '#fca5a5',
    neutral: '#a3afbc',
    grid: '#26303b',
    goal: '#a3afbc',
    danger: '#dc2626',
    'on-danger': '#ffffff',
  }),
});

/** The custom properties a theme colour gives the page in one appearance. */
export interface ThemeColors {
  /** The chosen colour itself: primary buttons, the chart's line and fill, the progress bar. */
  primary: string;
  /** Text on a primary fill: black or white, whichever reads better. */
  primaryContrast: string;
  /** The primary fill under the pointer: a step away from the chosen colour, text still readable on it. */
  primaryHover: string;
  /** The theme colour as text and links, 4.5:1 on the page, the surfaces and the soft tint. */
  primaryText: string;
  /** A light (or, in dark mode, deep) tint for selected items; primaryText reads on it. */
  primarySoft: string;
  /** Lines and borders in the theme colour (selected tab, selected swatch): 3:1 on the surfaces. */
  primaryBorder: string;
  /** The focus ring: 3:1 against the page and the surfaces. */
  focusRing: string;
  /**
   * The weight line of the chart and the goal's progress bar: the chosen colour where it reaches 3:1 on the surface
   * and on the soft tint (the bar's track), else its nearest shade that does, so the readings can be seen by all.
   */
  chartLine: string;
  /** The trend line: clearly apart from the weight line and 3:1 on the surface. */
  trendLine: string;
}

const hex = (color: string) => formatHex(parse(color)!)!;

function lightnessOf(color: string): number {
  return toOklch(parse(color)!)!.l;
}

/** The colour at OKLCH lightness `l`, keeping its hue and as much chroma as sRGB allows. */
function atLightness(color: string, l: number): string {
  const lch = toOklch(parse(color)!)!;
  return formatHex(clampChroma({ mode: 'oklch', l: Math.min(1, Math.max(0, l)), c: lch.c, h: lch.h }, 'oklch'))!;
}

const contrastAll = (color: string, backgrounds: readonly string[]) => Math.min(...backgrounds.map((b) => wcagContrast(color, b)));

/**
 * The shade of `color` nearest to it in lightness that reaches `ratio` against every background: darker on light
 * backgrounds, lighter on dark ones (found by bisection on OKLCH lightness, hue kept).
 */
export function shadeForContrast(color: string, backgrounds: readonly string[], ratio: number, scheme: Scheme): string {
  const start = hex(color);
  if (contrastAll(start, backgrounds) >= ratio) return start;
  const l0 = lightnessOf(start);
  // toward black on a light page, toward white on a dark one; the far end always reaches 4.5:1 on these pages
  let near = l0;
  let far = scheme === 'light' ? 0 : 1;
  for (let i = 0; i < 24; i++) {
    const mid = (near + far) / 2;
    if (contrastAll(atLightness(start, mid), backgrounds) >= ratio) far = mid;
    else near = mid;
  }
  return atLightness(start, far);
}

/** Black or white text on `fill`, whichever contrasts more (one of them always reaches 4.5:1). */
export function textOn(fill: string): '#000000' | '#ffffff' {
  return wcagContrast(fill, '#000000') > wcagContrast(fill, '#ffffff') ? '#000000' : '#ffffff';
}

/** The colour moved `amount` of OKLCH lightness away from `from`'s side: the direction with more room. */
function stepAway(color: string, amount: number): string {
  const l = lightnessOf(color);
  return atLightness(color, l > 0.5 ? l - amount : l + amount);
}

/** Lines told apart by colour alone need at least this contrast between them. */
export const LINES_APART = 1.5;

/**
 * The trend line's colour: the weight line's hue a clear step deeper into the page's ink (darker on light pages,
 * lighter on dark ones), or the other way when the line is already at that end (black on white), always 3:1 on the
 * surface and, where the page allows, LINES_APART from the weight line.
 */
function trendShade(line: string, surface: string, scheme: Scheme): string {
  const l = lightnessOf(line);
  const deeper = scheme === 'light' ? -0.22 : 0.22;
  const candidates = [l + deeper, l - deeper, scheme === 'light' ? 1 : 0].map((x) =>
    shadeForContrast(atLightness(line, x), [surface], UI_CONTRAST, scheme),
  );
  return (
    candidates.find((c) => wcagContrast(c, line) >= LINES_APART) ??
    candidates.reduce((a, b) => (wcagContrast(a, line) >= wcagContrast(b, line) ? a : b))
  );
}

/**
 * Every colour the page needs from one theme colour, in one appearance. Filled surfaces keep the chosen colour;
 * the shades used for text, lines and focus are derived so that text reads at 4.5:1 and lines at 3:1 on the
 * page and the surfaces, whatever colour is chosen (yellow and black included).
 */
export function themeColors(themeColor: string, scheme: Scheme): ThemeColors {
  const key = `${themeColor}|${scheme}`;
  let colors = derived.get(key);
  if (!colors) {
    // a page asks for the same one or two (colour, appearance) pairs on every render of every chart: derived once
    if (derived.size >= 32) derived.clear();
    colors = Object.freeze(deriveThemeColors(themeColor, scheme));
    derived.set(key, colors);
  }
  return colors;
}

const derived = new Map<string, Readonly<ThemeColors>>();

function deriveThemeColors(themeColor: string, scheme: Scheme): ThemeColors {
  const checked = validateHexColor(themeColor);
  const primary = checked.ok ? checked.hex : DEFAULT_THEME_COLOR;
  const base = BASE_COLORS[scheme];
  const pages = [base.bg!, base.surface!];
  const primaryContrast = textOn(primary);
  // a hover a little darker (lighter when the colour is near black), its text picked again
  let primaryHover = stepAway(primary, 0.1);
  if (wcagContrast(primaryHover, primaryContrast) < TEXT_CONTRAST) primaryHover = stepAway(primary, -0.1);
  if (wcagContrast(primaryHover, primaryContrast) < TEXT_CONTRAST) primaryHover = primary;
  const primarySoft = softTint(primary, base, scheme);
  const primaryText = shadeForContrast(primary, [...pages, primarySoft], TEXT_CONTRAST, scheme);
  const primaryBorder = shadeForContrast(primary, pages, UI_CONTRAST, scheme);
  const focusRing = shadeForContrast(primary, [...pages, primarySoft], UI_CONTRAST, scheme);
  // the readings are graphics the person must see: 3:1, as every other line and border (the default teal, yellow and
  // lime in light, black in dark move; most colours keep their own)
  const chartLine = shadeForContrast(primary, [base.surface!, primarySoft], UI_CONTRAST, scheme);
  const trendLine = trendShade(chartLine, base.surface!, scheme);
  return { primary, primaryContrast, primaryHover, primaryText, primarySoft, primaryBorder, focusRing, chartLine, trendLine };
}

/** Text the page draws in its own colours on the soft tint: all must still read at 4.5:1 there. */
const TEXT_ON_SOFT = ['text', 'muted', 'good', 'bad', 'neutral'] as const;

/**
 * The soft tint behind a chosen period, a row under the pointer, the average chips: the chosen colour mixed into the
 * surface, and further into it while the page's muted or coloured text would not read on it (a light colour in the
 * dark appearance: white, yellow, lime).
 */
function softTint(primary: string, base: Readonly<Record<string, string>>, scheme: Scheme): string {
  for (let amount = scheme === 'light' ? 0.88 : 0.78; amount < 1; amount += 0.02) {
    const tint = mixHex(primary, base.surface!, amount);
    if (TEXT_ON_SOFT.every((name) => wcagContrast(base[name]!, tint) >= TEXT_CONTRAST)) return tint;
  }
  return base.surface!;
}

/** `a` mixed toward `b` by `amount` (0 = a, 1 = b), in sRGB as CSS color-mix does. */
export function mixHex(a: string, b: string, amount: number): string {
  const x = parse(a)! as { r: number; g: number; b: number };
  const y = parse(b)! as { r: number; g: number; b: number };
  const t = Math.min(1, Math.max(0, amount));
  return formatHex({ mode: 'rgb', r: x.r + (y.r - x.r) * t, g: x.g + (y.g - x.g) * t, b: x.b + (y.b - x.b) * t })!;
}

/** WCAG contrast ratio of two colours (culori's), re-exported for tests and the picker. */
export const contrast = (a: string, b: string): number => wcagContrast(a, b);

/** The custom properties to set on the page for a theme colour and an appearance. */
export function themeCustomProperties(themeColor: string, scheme: Scheme): Record<string, string> {
  const t = themeColors(themeColor, scheme);
  const base = BASE_COLORS[scheme];
  const props: Record<string, string> = {
    '--primary': t.primary,
    '--primary-contrast': t.primaryContrast,
    '--primary-hover': t.primaryHover,
    '--primary-strong': t.primaryText,
    '--primary-soft': t.primarySoft,
    '--primary-border': t.primaryBorder,
    '--focus-ring': t.focusRing,
    '--primary-graphic': t.chartLine,
  };
  for (const [name, value] of Object.entries(base)) props[`--${name}`] = value;
  return props;
}
