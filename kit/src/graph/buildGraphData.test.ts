import { describe, expect, it } from 'vitest';
import type { AveragedItem, WeightEntry } from '../domain/averages';
import { addDaysToDate, localDate } from '../domain/dates';
import { buildGraphData, dateToX, drawablePoints, graphColor, TREND_DOT_RADIUS, trendColor, withTrend } from './buildGraphData';
import { legendItems } from './legend';
import type { GraphInput, GraphPoint } from './types';
import { avgOf } from '../test/averages';

/** The default teal's weight line on a light page: its shade at 3:1 on the surface (themeColors). */
const LINE = '#1a9ba4';

const entries: WeightEntry[] = [
  { id: 2, date: '2025-01-08', weightKg: 79.5, notes: 'after holidays' },
  { id: 1, date: '2025-01-06', weightKg: 80, notes: null },
  { id: 3, date: '2025-01-10', weightKg: 79 },
];

const base: GraphInput = {
  entries,
  averages: undefined,
  averaging: 'none',
  period: 'week',
  range: { start: '2025-01-05', end: '2025-01-11' },
  unit: 'METRIC',
  weekStartsOn: 0,
  themeColor: '#3ab0b9',
};

const pointsOf = (input: GraphInput) => buildGraphData(input).data.datasets[0]?.data as GraphPoint[];

describe('dateToX', () => {
  it('is local midnight of the calendar date, never UTC', () => {
    expect(dateToX('2025-01-06')).toBe(localDate(2025, 1, 6).getTime());
    const d = new Date(dateToX('2025-03-30'));
    expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours()]).toEqual([2025, 2, 30, 0]);
  });
});

describe('raw entries', () => {
  it('become points sorted by date with raw labels, kg values and notes', () => {
    const model = buildGraphData(base);
    expect(model.status).toBe('ok');
    expect(model.averaged).toBe(false);
    expect(model.averageLine).toBeNull();
    expect(model.points.map((p) => [p.date, p.y, p.label, p.notes, p.averaged])).toEqual([
      ['2025-01-06', 80, 'Mon 6 Jan', '', false],
      ['2025-01-08', 79.5, 'Wed 8 Jan', 'after holidays', false],
      ['2025-01-10', 79, 'Fri 10 Jan', '', false],
    ]);
    expect(model.points.map((p) => p.x)).toEqual(['2025-01-06', '2025-01-08', '2025-01-10'].map(dateToX));
    expect(pointsOf(base)).toEqual(model.points);
  });

  it('are converted to pounds for an imperial user (valueKg kept for labels)', () => {
    const [first] = buildGraphData({ ...base, unit: 'IMPERIAL' }).points;
    expect(first.y).toBeCloseTo(80 * 2.20462, 10);
    expect(first.valueKg).toBe(80);
  });

  it.each(['weekly', 'monthly', 'yearly'] as const)('are used when %s is chosen but the averages lack its fields', (averaging) => {
    const model = buildGraphData({ ...base, averaging, averages: [avgOf({ month: '2025-01', average: 80 })] as AveragedItem[] });
    const expectAveraged = averaging === 'monthly';
    expect(model.averaged).toBe(expectAveraged);
    if (!expectAveraged) expect(model.points).toHaveLength(3);
  });

  it('are used when averaging is chosen but the averages are not loaded', () => {
    const model = buildGraphData({ ...base, averaging: 'weekly', averages: undefined });
    expect(model.averaged).toBe(false);
    expect(model.points).toHaveLength(3);
  });

  it('mode none ignores averages', () => {
    const model = buildGraphData({ ...base, averages: [avgOf({ week: '2025-02', average: 70 }, 0)] as AveragedItem[] });
    expect(model.averaged).toBe(false);
    expect(model.points).toHaveLength(3);
  });
});

describe('averaged data', () => {
  const quarter = { start: '2025-01-01', end: '2025-03-31' };

  it('weekly: points at the week start with "{year} Week {n} ({d MMM})" (Sunday-start weeks)', () => {
    const model = buildGraphData({
      ...base,
      period: 'quarter',
      range: quarter,
      averaging: 'weekly',
      averages: [avgOf({ week: '2025-02', average: 79.84, count: 3 }, 0), avgOf({ week: '2025-01', average: 80.2, count: 4 }, 0)],
    });
    expect(model.averaged).toBe(true);
    expect(model.points.map((p) => [p.date, p.label, p.averaged, p.count])).toEqual([
      ['2024-12-29', '2025 Week 1 (29 Dec)', true, 4],
      ['2025-01-05', '2025 Week 2 (5 Jan)', true, 3],
    ]);
    // the axis is the range; a bucket starting before it sits in the middle of the part inside it
    expect(model.bounds).toEqual({ min: dateToX('2025-01-01'), max: dateToX('2025-03-31') });
    expect(model.points.map((p) => p.x)).toEqual([
      (dateToX('2025-01-01') + dateToX('2025-01-04')) / 2,
      (dateToX('2025-01-05') + dateToX('2025-01-11')) / 2,
    ]);
  });

  it('weekly with Monday-start weeks', () => {
    const model = buildGraphData({
      ...base,
      period: 'quarter',
      range: quarter,
      weekStartsOn: 1,
      averaging: 'weekly',
      averages: [avgOf({ week: '2025-01', average: 80 }), avgOf({ week: '2025-02', average: 79 })],
    });
    expect(model.points.map((p) => p.label)).toEqual(['2025 Week 1 (30 Dec)', '2025 Week 2 (6 Jan)']);
  });

  it('monthly: long month and year', () => {
    const model = buildGraphData({
      ...base,
      period: 'year',
      range: { start: '2025-01-01', end: '2025-12-31' },
      averaging: 'monthly',
      averages: [avgOf({ month: '2025-01', average: 80 }), avgOf({ month: '2025-02', average: 79 })],
    });
    expect(model.points.map((p) => [p.date, p.label])).toEqual([
      ['2025-01-01', 'January 2025'],
      ['2025-02-01', 'February 2025'],
    ]);
  });

  it('yearly: the year', () => {
    const model = buildGraphData({
      ...base,
      period: 'all',
      range: { start: '2023-05-01', end: '2025-06-01' },
      averaging: 'yearly',
      averages: [avgOf({ year: '2023', average: 85 }), avgOf({ year: '2024', average: 82 }), avgOf({ year: '2025', average: 80 })],
    });
    expect(model.points.map((p) => p.label)).toEqual(['2023', '2024', '2025']);
    expect(model.points.map((p) => p.y)).toEqual([85, 82, 80]);
  });

  it.each([
    ['week', 'weekly', avgOf({ week: '2025-02', average: 80.04 }, 0), { start: '2025-01-05', end: '2025-01-11' }],
    ['month', 'monthly', avgOf({ month: '2025-01', average: 80.04 }), { start: '2025-01-01', end: '2025-01-31' }],
    ['year', 'yearly', avgOf({ year: '2025', average: 80.04 }), { start: '2025-01-01', end: '2025-12-31' }],
  ] as const)('one item with period %s and mode %s: a flat labelled line across the range, no points', (period, averaging, item, range) => {
    const model = buildGraphData({ ...base, period, averaging, range, averages: [item as AveragedItem] });
    expect(model.status).toBe('ok');
    expect(model.points).toEqual([]);
    expect(model.averageLine).toEqual({ label: 'Weight: 80.0 kg (avg)', valueKg: 80.04 });
    const [dataset] = model.data.datasets;
    expect(dataset.label).toBe('Weight: 80.0 kg (avg)');
    expect(dataset.pointRadius).toBe(0);
    expect(dataset.pointHitRadius).toBe(0);
    expect(dataset.data.map((p) => [p.x, p.y])).toEqual([
      [dateToX(range.start), 80.04],
      [dateToX(range.end), 80.04],
    ]);
    expect(model.bounds).toEqual({ min: dateToX(range.start), max: dateToX(range.end) });
  });

  it('the flat line is labelled in pounds for an imperial user', () => {
    const model = buildGraphData({
      ...base,
      unit: 'IMPERIAL',
      period: 'month',
      averaging: 'monthly',
      range: { start: '2025-01-01', end: '2025-01-31' },
      averages: [avgOf({ month: '2025-01', average: 80 })],
    });
    expect(model.averageLine?.label).toBe('Weight: 176.4 lb (avg)');
    expect(model.data.datasets[0].data[0].y).toBeCloseTo(176.3696, 4);
  });

  it('without a range the flat line spans its bucket', () => {
    const model = buildGraphData({
      ...base,
      period: 'month',
      averaging: 'monthly',
      range: null,
      averages: [avgOf({ month: '2024-02', average: 80 })],
    });
    expect(model.bounds).toEqual({ min: dateToX('2024-02-01'), max: dateToX('2024-02-29') });
    const week = buildGraphData({
      ...base,
      period: 'week',
      averaging: 'weekly',
      range: null,
      averages: [avgOf({ week: '2025-02', average: 80 }, 0)],
    });
    expect(week.bounds).toEqual({ min: dateToX('2025-01-05'), max: dateToX('2025-01-11') });
    const year = buildGraphData({
      ...base,
      period: 'year',
      averaging: 'yearly',
      range: null,
      averages: [avgOf({ year: '2024', average: 80 })],
    });
    expect(year.bounds).toEqual({ min: dateToX('2024-01-01'), max: dateToX('2024-12-31') });
  });

  it.each([
    ['month', 'weekly', avgOf({ week: '2025-02', average: 80 }, 0)],
    ['quarter', 'monthly', avgOf({ month: '2025-01', average: 80 })],
    ['all', 'yearly', avgOf({ year: '2025', average: 80 })],
    ['week', 'monthly', avgOf({ month: '2025-01', average: 80 })],
  ] as const)('one item with period %s and mode %s (not matching): a normal point', (period, averaging, item) => {
    const model = buildGraphData({ ...base, period, averaging, averages: [item as AveragedItem] });
    expect(model.averageLine).toBeNull();
    expect(model.points).toHaveLength(1);
    expect(model.data.datasets[0].pointRadius).toBe(4);
  });

  it('two items with a matching period are still points', () => {
    const model = buildGraphData({
      ...base,
      period: 'month',
      averaging: 'weekly',
      averages: [avgOf({ week: '2025-02', average: 80 }, 0), avgOf({ week: '2025-03', average: 79 }, 0)],
    });
    expect(model.averageLine).toBeNull();
    expect(model.points).toHaveLength(2);
  });
});

describe('empty and broken data', () => {
  it.each([
    ['no entries', { entries: [] }],
    ['undefined entries', { entries: undefined }],
    ['null entries', { entries: null }],
    ['averaging with no averages and no entries', { entries: [], averaging: 'weekly' as const, averages: [] }],
  ])('%s → No data available', (_name, patch) => {
    const model = buildGraphData({ ...base, ...patch });
    expect(model).toMatchObject({ status: 'empty', message: 'No data available', points: [], bounds: null });
    expect(model.data.datasets).toEqual([]);
  });

  it('a week that does not exist → its message, no crash', () => {
    const model = buildGraphData({
      ...base,
      period: 'year',
      averaging: 'weekly',
      averages: [avgOf({ week: '2025-01', average: 80 }, 0), avgOf({ week: '2025-53', average: 79 }, 0)],
    });
    expect(model).toMatchObject({ status: 'error', message: '2025 has no ISO week 53', points: [] });
  });
});

describe('look', () => {
  it('theme colour line and points, fill at 0.1 opacity, no smoothing, radius 4', () => {
    const [dataset] = buildGraphData({ ...base, themeColor: '#ef4444' }).data.datasets;
    expect(dataset).toMatchObject({
      borderColor: '#ef4444',
      pointBackgroundColor: '#ef4444',
      backgroundColor: 'rgba(239, 68, 68, 0.1)',
      fill: 'start',
      tension: 0,
      pointRadius: 4,
    });
  });

  it('an invalid theme colour falls back to the default instead of throwing', () => {
    expect(graphColor('nope')).toBe('#3ab0b9');
    expect(graphColor('#ABC')).toBe('#aabbcc');
    expect(buildGraphData({ ...base, themeColor: 'nope' }).data.datasets[0].borderColor).toBe(LINE);
  });
});

describe('trend line (showTrend)', () => {
  // entries 80 (6 Jan), 79.5 (8 Jan), 79 (10 Jan): seed = median(80, 79.5, 79) = 79.5
  // 8 Jan (Δ 2, step 0.19): 79.5 + 0.19 × (79.5 − 79.5) = 79.5
  // 10 Jan (Δ 2): 79.5 + 0.19 × (79 − 79.5) = 79.405
  const trendInput: GraphInput = { ...base, showTrend: true };

  it('adds the trend of each day to the raw points and draws it as a second line', () => {
    const model = buildGraphData(trendInput);
    expect(model.points.map((p) => [p.date, p.valueKg, p.trendKg])).toEqual([
      ['2025-01-06', 80, 79.5],
      ['2025-01-08', 79.5, 79.5],
      ['2025-01-10', 79, expect.closeTo(79.405, 10)],
    ]);
    expect(model.data.datasets).toHaveLength(2);
    const [raw, trend] = model.data.datasets;
    expect(raw.data).toEqual(model.points);
    expect(trend.label).toBe('Trend');
    // one trend point per raw point, same index and date, y = the trend
    expect(trend.data.map((p) => [p.date, p.x, Math.round(p.y * 1e6) / 1e6])).toEqual([
      ['2025-01-06', dateToX('2025-01-06'), 79.5],
      ['2025-01-08', dateToX('2025-01-08'), 79.5],
      ['2025-01-10', dateToX('2025-01-10'), 79.405],
    ]);
  });

  it('the trend is bold, darker than the theme colour, without points or fill of its own', () => {
    const [raw, trend] = buildGraphData({ ...trendInput, themeColor: '#3ab0b9' }).data.datasets;
    // a shade of the weight line 0.22 deeper in OKLCH lightness (themeColors), apart from it
    expect(trendColor('#3ab0b9')).toBe('#00555b');
    expect(trend).toMatchObject({
      borderColor: '#00555b',
      borderWidth: 3,
      pointRadius: 0,
      pointHoverRadius: 0,
      pointHitRadius: 0,
      fill: false,
      tension: 0,
    });
    expect(raw).toMatchObject({ borderColor: LINE, borderWidth: 2, fill: 'start', pointRadius: 4, pointBorderColor: LINE });
    expect(trendColor('nope')).toBe('#00555b'); // invalid theme → default colour's trend
    // with black chosen the trend is a clear grey, never black on black; on a dark page it is light
    expect(trendColor('#000000')).not.toBe('#000000');
    expect(trendColor('#3ab0b9', 'dark')).toBe('#92f7ff');
  });

  it('every reading keeps a filled marker in the theme colour: the legend names the lines', () => {
    const [raw] = buildGraphData(trendInput).data.datasets;
    expect(raw.pointBackgroundColor).toBe(LINE);
    expect(buildGraphData(trendInput).roles).toEqual(['weight', 'trend']);
  });

  it('plots the trend in pounds for an imperial user', () => {
    const [, trend] = buildGraphData({ ...trendInput, unit: 'IMPERIAL' }).data.datasets;
    expect(trend.data[2].y).toBeCloseTo(79.405 * 2.20462, 10); // 175.0578511
  });

  it('needs three readings, as its seed is their median: fewer draw no trend and the legend names none', () => {
    const one = buildGraphData({ ...trendInput, entries: [{ date: '2025-01-06', weightKg: 80 }] });
    const two = buildGraphData({ ...trendInput, entries: entries.slice(0, 2) });
    for (const model of [one, two]) {
      expect(model.roles).toEqual(['weight']);
      expect(model.points.every((p) => p.trendKg === undefined)).toBe(true);
      expect(legendItems(model)).toEqual([]);
    }
    // an earlier reading counts: a single reading of the week with two before it has its trend
    const seeded = buildGraphData({
      ...trendInput,
      entries: [{ date: '2025-01-06', weightKg: 80 }],
      trendHistory: [
        { date: '2024-12-30', weightKg: 80 },
        { date: '2025-01-01', weightKg: 80 },
      ],
    });
    expect(seeded.roles).toEqual(['weight', 'trend']);
    expect(seeded.points[0]!.trendKg).toBe(80);
  });

  it('sorts unsorted entries before smoothing', () => {
    const model = buildGraphData({ ...trendInput, entries: [...entries].reverse() });
    expect(model.points.map((p) => p.trendKg)).toEqual([79.5, 79.5, expect.closeTo(79.405, 10)]);
  });

  it('is off by default and for averaged data; the single-average line is unchanged', () => {
    const off = buildGraphData(base);
    expect(off.data.datasets).toHaveLength(1);
    expect(off.points.every((p) => p.trendKg === undefined)).toBe(true);
    expect(off.data.datasets[0].pointBackgroundColor).toBe(LINE);

    const averaged = buildGraphData({
      ...trendInput,
      period: 'year',
      range: { start: '2025-01-01', end: '2025-12-31' },
      averaging: 'monthly',
      averages: [avgOf({ month: '2025-01', average: 80 }), avgOf({ month: '2025-02', average: 79 })],
    });
    expect(averaged.averaged).toBe(true);
    expect(averaged.data.datasets).toHaveLength(1);
    expect(averaged.points.every((p) => p.trendKg === undefined)).toBe(true);

    const single = buildGraphData({ ...trendInput, averaging: 'weekly', averages: [avgOf({ week: '2025-02', average: 80 }, 0)] });
    expect(single.averageLine).toEqual({ label: 'Weight: 80.0 kg (avg)', valueKg: 80 });
    expect(single.data.datasets).toHaveLength(1);
  });

  it('raw data shown because averages are missing still gets the trend', () => {
    const model = buildGraphData({ ...trendInput, averaging: 'weekly', averages: undefined });
    expect(model.averaged).toBe(false);
    expect(model.data.datasets).toHaveLength(2);
  });

  it('history before the plotted days seeds the trend, so a short period agrees with a long one', () => {
    // 80 kg for nine days, then three days at 79: with history the trend starts near 80 and moves
    // 10 % of the way each day; without it, the trend would be seeded from these three days alone.
    const history = Array.from({ length: 9 }, (_, i) => ({ date: `2025-03-0${i + 1}`, weightKg: 80 }));
    const plotted = ['2025-03-10', '2025-03-11', '2025-03-12'].map((date) => ({ date, weightKg: 79 }));
    const input = { ...base, entries: plotted, showTrend: true, range: { start: '2025-03-10', end: '2025-03-12' } };
    const seeded = buildGraphData({ ...input, trendHistory: [...history, ...plotted] }).points;
    // 80 + 0.1·(79 − 80) = 79.9, then 79.81, then 79.729 (each step 10 % of the gap).
    expect(seeded.map((p) => p.trendKg)).toEqual([79.9, 79.81, 79.729].map((v) => expect.closeTo(v, 9)));
    const unseeded = buildGraphData(input).points;
    expect(unseeded.map((p) => p.trendKg)).toEqual([79, 79, 79]);
    expect(seeded).toHaveLength(3);
  });

  it('withTrend does not touch its input', () => {
    const points = buildGraphData(base).points;
    const copy = structuredClone(points);
    withTrend(points);
    expect(points).toEqual(copy);
  });

  it('is carried in from readings before the period, so a one-point week still has a trend line', () => {
    const history = Array.from({ length: 9 }, (_, i) => ({ date: `2025-03-0${i + 1}`, weightKg: 80 }));
    const week = { start: '2025-03-09', end: '2025-03-15' };
    const model = buildGraphData({
      ...base,
      range: week,
      entries: [{ date: '2025-03-12', weightKg: 79 }],
      showTrend: true,
      trendHistory: history,
    });
    const trend = model.data.datasets[1]!.data;
    // from the first day of the week at the trend as it stood (80), to the reading's day
    expect(trend.map((p) => [p.x, Math.round(p.y * 1000) / 1000])).toEqual([
      [dateToX('2025-03-09'), 80],
      [dateToX('2025-03-12'), 79.729], // three days on: 80 + (1 − 0.9³) × (79 − 80)
    ]);
  });

  it('enters from the last reading before the period, even when the period starts with a reading', () => {
    const history = [
      { date: '2025-03-01', weightKg: 81 },
      { date: '2025-03-05', weightKg: 80 },
    ];
    const model = buildGraphData({
      ...base,
      range: { start: '2025-03-09', end: '2025-03-15' },
      entries: [{ date: '2025-03-09', weightKg: 79 }],
      showTrend: true,
      trendHistory: history,
    });
    const trend = model.data.datasets[1]!;
    // seed median(81, 80, 79) = 80: 1 → 5 Mar (0.3439 of the way to 80) stays 80; 5 → 9 Mar: 80 − 0.3439 = 79.656;
    // the line from 5 Mar is cut at the axis's first day, where it has come down to 79.656 too
    expect(trend.data.map((p) => [p.date, p.x, Math.round(p.y * 1000) / 1000])).toEqual([
      ['2025-03-05', model.bounds!.min, 79.656],
      ['2025-03-09', dateToX('2025-03-09'), 79.656],
    ]);
    // a line with no length: the trend shows as a dot on the axis's edge, kept whole, and the legend keys it so
    expect(trend.pointRadius).toBe(TREND_DOT_RADIUS);
    expect(trend.clip).toBe(8);
    expect(legendItems(model).find((i) => i.role === 'trend')?.marker).toBe('dot');
  });

  it('draws a trend over more than one day as a line, with no markers, stopped at the plot’s edge', () => {
    const model = buildGraphData({
      ...base,
      range: { start: '2025-03-09', end: '2025-03-15' },
      entries: [
        { date: '2025-03-10', weightKg: 80 },
        { date: '2025-03-11', weightKg: 79.6 },
        { date: '2025-03-12', weightKg: 79 },
      ],
      showTrend: true,
    });
    const trend = model.data.datasets[1]!;
    expect(trend.pointRadius).toBe(0);
    expect(TREND_DOT_RADIUS).toBeLessThan(model.data.datasets[0]!.pointRadius as number);
    expect(trend.clip).toBe(0);
    expect(legendItems(model).find((i) => i.role === 'trend')?.marker).toBeNull();
  });

  it('after a long gap, enters at the axis’s first day at the weight its line from the last reading has there', () => {
    // 80 kg in January, then nothing until a reading of 76 on 12 March: the line from January crosses 9 March
    const history = [
      { date: '2025-01-08', weightKg: 80 },
      { date: '2025-01-10', weightKg: 80 },
    ];
    const model = buildGraphData({
      ...base,
      range: { start: '2025-03-09', end: '2025-03-15' },
      entries: [{ date: '2025-03-12', weightKg: 76 }],
      showTrend: true,
      trendHistory: history,
      today: '2025-03-12',
    });
    const [enters, reading] = model.data.datasets[1]!.data;
    expect(enters!.x).toBe(model.bounds!.min);
    expect(enters!.date).toBe('2025-01-10');
    const along = (dateToX('2025-03-09') - dateToX('2025-01-10')) / (dateToX('2025-03-12') - dateToX('2025-01-10'));
    // the trend as it stood on 10 January (kept on the point), drawn straight to the reading's
    const carried = enters!.trendKg!;
    expect(enters!.y).toBeCloseTo(carried + (reading!.y - carried) * along, 10);
    expect(enters!.y).not.toBeCloseTo(carried, 1);
  });

  it('holds from the last reading until today, never past the range', () => {
    const input = {
      ...base,
      range: { start: '2025-03-09', end: '2025-03-15' },
      entries: [{ date: '2025-03-09', weightKg: 79 }],
      trendHistory: [
        { date: '2025-03-07', weightKg: 79 },
        { date: '2025-03-08', weightKg: 79 },
      ],
      showTrend: true,
    };
    const tuesday = buildGraphData({ ...input, today: '2025-03-11' }).data.datasets[1]!.data;
    expect(tuesday.map((p) => [p.date, p.y])).toEqual([
      ['2025-03-08', 79],
      ['2025-03-09', 79],
      ['2025-03-11', 79],
    ]);
    const later = buildGraphData({ ...input, today: '2025-04-02' }).data.datasets[1]!.data;
    expect(later[later.length - 1]!.date).toBe('2025-03-15');
    expect(buildGraphData(input).data.datasets[1]!.data).toHaveLength(2);
  });
});

describe('thinning long series', () => {
  const daily = (days: number) =>
    Array.from({ length: days }, (_, i) => ({ date: addDaysToDate('2024-11-23', i), weightKg: 92 - i * 0.017 + Math.sin(i / 3) * 0.6 }));

  it('keeps every marker, radius 4, up to a month or so of readings', () => {
    const model = buildGraphData({ ...base, period: 'month', range: { start: '2024-11-23', end: '2024-12-22' }, entries: daily(30) });
    expect(model.drawn).toHaveLength(30);
    expect(model.markerRadius).toBe(4);
    expect(model.data.datasets[0]).toMatchObject({ pointRadius: 4 });
  });

  it('draws a shape-keeping selection of two years, sized to the width, with small markers; all points stay clickable data', () => {
    const entries730 = daily(730);
    const wide = buildGraphData({
      ...base,
      period: 'all',
      range: { start: '2024-11-23', end: '2026-11-22' },
      entries: entries730,
      showTrend: true,
      width: 1100,
    });
    expect(wide.points).toHaveLength(730);
    expect(wide.drawn).toHaveLength(drawablePoints(1100));
    expect(wide.markerRadius).toBe(2);
    expect(wide.drawn[0]!.date).toBe('2024-11-23');
    expect(wide.drawn[wide.drawn.length - 1]!.date).toBe('2026-11-22');
    const phone = buildGraphData({
      ...base,
      period: 'all',
      range: { start: '2024-11-23', end: '2026-11-22' },
      entries: entries730,
      width: 330,
    });
    expect(phone.drawn.length).toBeLessThan(100);
  });

  it('draws every average that fits the width, with small markers once there are many (two years of weeks)', () => {
    const few = buildGraphData({
      ...base,
      period: 'quarter',
      averaging: 'monthly',
      averages: [avgOf({ month: '2025-01', average: 80 }), avgOf({ month: '2025-02', average: 79 })],
    });
    expect(few.markerRadius).toBe(4);
    const many = Array.from({ length: 104 }, (_, i) =>
      avgOf({ month: `${2000 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`, average: 90 - i * 0.05 }),
    );
    const model = buildGraphData({ ...base, period: 'all', range: null, averaging: 'monthly', averages: many, width: 1100 });
    expect(model.drawn).toHaveLength(104);
    expect(model.markerRadius).toBe(2);
    expect(model.data.datasets[0]).toMatchObject({ pointRadius: 2 });
  });

  it('thins averages that do not fit (ten years of weeks on a phone) to a shape-keeping selection; all stay data', () => {
    // 523 weeks, a slow loss with a two-month swing, and one week far above the rest
    const weeks = Array.from({ length: 523 }, (_, i) =>
      avgOf({
        week: `${2017 + Math.floor(i / 52)}-${String((i % 52) + 1).padStart(2, '0')}`,
        average: i === 300 ? 99 : 95 - i * 0.028 + Math.sin(i / 5),
      }),
    );
    const phone = buildGraphData({ ...base, period: 'all', range: null, averaging: 'weekly', averages: weeks, width: 330 });
    expect(phone.averaged).toBe(true);
    expect(phone.points).toHaveLength(523);
    expect(phone.drawn).toHaveLength(drawablePoints(330));
    expect(phone.markerRadius).toBe(2);
    // its ends and its peak are kept
    expect(phone.drawn[0]).toBe(phone.points[0]);
    expect(phone.drawn[phone.drawn.length - 1]).toBe(phone.points[522]);
    expect(phone.drawn.some((p) => p.valueKg === 99)).toBe(true);
    const wide = buildGraphData({ ...base, period: 'all', range: null, averaging: 'weekly', averages: weeks, width: 1100 });
    expect(wide.drawn).toHaveLength(drawablePoints(1100));
  });
});

describe('years on labels', () => {
  it('titles carry the year when the span crosses one', () => {
    const crossing = buildGraphData({
      ...base,
      range: { start: '2024-12-29', end: '2025-01-04' },
      entries: [{ date: '2024-12-31', weightKg: 80 }],
    });
    expect(crossing.crossesYear).toBe(true);
    expect(crossing.points[0]!.label).toBe('Tue 31 Dec 2024');
    expect(buildGraphData(base).points[0]!.label).toBe('Mon 6 Jan');
  });
});

describe('y axis', () => {
  it('never spans less than 2 kg or 4 lb, centred on the data', () => {
    const still = buildGraphData({
      ...base,
      entries: [
        { date: '2025-01-06', weightKg: 81.59 },
        { date: '2025-01-08', weightKg: 81.605 },
      ],
    });
    expect(still.yBounds!.max - still.yBounds!.min).toBeCloseTo(2, 10);
    expect((still.yBounds!.max + still.yBounds!.min) / 2).toBeCloseTo(81.5975, 10);
    const pounds = buildGraphData({ ...base, unit: 'IMPERIAL', entries: [{ date: '2025-01-06', weightKg: 80 }] });
    expect(pounds.yBounds!.max - pounds.yBounds!.min).toBeCloseTo(4, 10);
  });
});

describe('the goal', () => {
  const goal = { startWeightKg: 92, targetWeightKg: 75, startDate: '2024-11-01', targetDate: '2027-06-01' };
  const steady = Array.from({ length: 60 }, (_, i) => ({ date: addDaysToDate('2026-09-24', i), weightKg: 82 - i * 0.05 }));

  it('adds the target as a dashed line across the axis and the plan from start to target', () => {
    const model = buildGraphData({ ...base, period: 'quarter', range: { start: '2026-09-24', end: '2026-11-22' }, entries: steady, goal });
    expect(model.roles).toEqual(['weight', 'target', 'plan']);
    const [, target, plan] = model.data.datasets;
    expect(target!.label).toBe('Target');
    expect(target!.data.map((p) => [p.x, p.y])).toEqual([
      [model.bounds!.min, 75],
      [model.bounds!.max, 75],
    ]);
    expect(target!.borderDash).toEqual([6, 4]);
    // the plan from 92 kg on 1 Nov 2024 to 75 kg on 1 Jun 2027, as much of it as the axis shows
    const planAt = (x: number) => 92 + ((75 - 92) * (x - dateToX('2024-11-01'))) / (dateToX('2027-06-01') - dateToX('2024-11-01'));
    expect(plan!.data.map((p) => p.x)).toEqual([model.bounds!.min, model.bounds!.max]);
    expect(plan!.data[0]!.y).toBeCloseTo(planAt(model.bounds!.min), 10);
    expect(plan!.data[1]!.y).toBeCloseTo(planAt(model.bounds!.max), 10);
  });

  it('on a week of a goal begun years ago, the plan is at its weights of that week (not off the axis, where the chart would clamp it)', () => {
    const week = { start: '2026-11-22', end: '2026-11-28' };
    const model = buildGraphData({ ...base, period: 'week', range: week, entries: steady.slice(-5), goal });
    const plan = model.data.datasets[model.roles.indexOf('plan')]!;
    const perDay = (75 - 92) / ((dateToX('2027-06-01') - dateToX('2024-11-01')) / 86_400_000);
    const days = (date: string) => (dateToX(date) - dateToX('2024-11-01')) / 86_400_000;
    expect(plan.data.map((p) => p.x)).toEqual([dateToX(week.start), dateToX(week.end)]);
    expect(plan.data[0]!.y).toBeCloseTo(92 + perDay * days(week.start), 10);
    expect(plan.data[1]!.y).toBeCloseTo(92 + perDay * days(week.end), 10);
  });

  it('draws no plan on an axis wholly before the goal began, and keeps its legend entry', () => {
    const model = buildGraphData({
      ...base,
      period: 'week',
      range: { start: '2024-01-07', end: '2024-01-13' },
      entries: [{ date: '2024-01-08', weightKg: 95 }],
      goal,
    });
    expect(model.roles).toContain('plan');
    expect(model.data.datasets[model.roles.indexOf('plan')]!.data).toEqual([]);
  });

  it('with the trend, a forecast band runs from the last trend point to the target between the likely dates', () => {
    const model = buildGraphData({
      ...base,
      period: 'all',
      range: { start: '2026-09-24', end: '2026-11-22' },
      entries: steady,
      goal,
      showTrend: true,
    });
    expect(model.roles).toEqual(['weight', 'trend', 'target', 'plan', 'forecast']);
    const band = model.forecast!;
    expect(band.from.x).toBe(dateToX('2026-11-22'));
    expect(band.earliest.y).toBe(75);
    expect(band.earliest.x).toBeLessThanOrEqual(band.latest.x);
    expect(band.earliest.x).toBe(dateToX(band.forecast.earliest));
    // an all-time axis reaches forward toward the likely date, at most half its span again
    const span = dateToX('2026-11-22') - dateToX('2026-09-24');
    expect(model.bounds!.max).toBeGreaterThan(dateToX('2026-11-22'));
    expect(model.bounds!.max).toBeLessThanOrEqual(dateToX('2026-11-22') + span / 2);
  });

  it('is left out of averaged data', () => {
    const averaged = buildGraphData({
      ...base,
      period: 'year',
      range: { start: '2025-01-01', end: '2025-12-31' },
      averaging: 'monthly',
      averages: [avgOf({ month: '2025-01', average: 80 }), avgOf({ month: '2025-02', average: 79 })],
      goal,
    });
    expect(averaged.roles).toEqual(['weight']);
  });
});
