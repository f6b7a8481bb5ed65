import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Goal } from '@app/kit';
import { freezeToday, renderOverview, type Entry } from './test/renderOverview';
import { formatRatePerWeek } from './trendCardModel';

// jsdom has no canvas: the chart becomes a box that tells how many lines it was given.
vi.mock('react-chartjs-2', () => ({
  Line: (props: { data: { datasets: { label: string }[] } }) => (
    <div data-testid="line-chart" data-lines={props.data.datasets.map((d) => d.label).join(',')} />
  ),
}));

/** `count` daily readings ending today (12/03/2025) at `last`, each day `perDay` below the day before. */
function daily(count: number, last: number, perDay: number): Entry[] {
  return Array.from({ length: count }, (_, i) => {
    const back = count - 1 - i;
    const date = new Date(2025, 2, 12 - back);
    const iso = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    return { date: iso, weightKg: Math.round((last + perDay * back) * 100) / 100 };
  });
}

/*
 * 21 days falling 0.1 kg a day: 92.0 on 20/02 … 90.0 today. Seed = median(92.0, 91.9, 91.8) = 91.9, and the
 * trend's lag behind the line e_t = T_t − w_t follows e_t = 0.9(e_{t−1} + 0.1) from e_0 = −0.1, so
 * e_t = 0.9 − 0.9^t and T_t = 92.9 − 0.1t − 0.9^t (t = day index 0…20).
 *   trend today  T_20 = 92.9 − 2.0 − 0.9^20 = 90.9 − 0.1216 = 90.778 → '90.8 kg'
 *   rate         least squares of T_t over t = 7…20 (the last 14 days): −0.1 plus the slope of −0.9^t there
 *                (+0.0268) = −0.0732 kg/day → × 7 = −0.512 kg/week → '−0.5 kg/week'
 *   forecast     to 85: (90.778 − 85) ÷ 0.0732 = 78.9 → 79 days → 30 May; the likely range (kit's ±1.96 SE and
 *                residual spread) is 27 May – 3 Jun; target date 10 Jul is 41 days later → ahead.
 * The gain series mirrors it: 60.0 … 62.0 rising; trend 61.222, +0.512 kg/week, 52 days to 65 → 3 May.
 */
const FALLING = daily(21, 90, 0.1);
const RISING = daily(21, 62, -0.1);
const LOSE: Goal = { startWeightKg: 92, targetWeightKg: 85, startDate: '2025-02-01', targetDate: '2025-07-10' };
const GAIN: Goal = { startWeightKg: 60, targetWeightKg: 65, startDate: '2025-02-01', targetDate: '2025-04-01' };
const LOSE_FROM_70: Goal = { startWeightKg: 70, targetWeightKg: 55, startDate: '2025-02-01', targetDate: '2025-07-01' };

const trendCard = () => screen.findByRole('article', { name: 'Trend' });
const rate = (card: HTMLElement) => card.querySelector('.ov-trend-rate') as HTMLElement;

beforeEach(() => {
  localStorage.clear();
  freezeToday();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Trend card', () => {
  it('on track to a loss goal: trend, a falling rate in green, the likely range and ahead of the plan', async () => {
    const { calls } = renderOverview({ entries: FALLING, goal: LOSE }, { defaultSelectedPeriod: 'week' });
    const card = await trendCard();
    await waitFor(() => expect(within(card).getByText('90.8 kg')).toBeInTheDocument());
    expect(rate(card)).toHaveTextContent('−0.5 kg/week');
    expect(rate(card)).toHaveAttribute('data-tone', 'good');
    expect(card).toHaveTextContent('Goal: most likely 30 May, between 27 May and 3 Jun');
    expect(card).toHaveTextContent('41 days ahead of your target date (10 Jul)');
    // The week shows 4 days, but the trend reads the last 120 (13/11/2024 – 12/03/2025).
    expect(calls.some((c) => c.path === '/api/weights?start_date=2024-11-13&end_date=2025-03-12')).toBe(true);
    expect(calls.some((c) => c.path === '/api/weights?start_date=2025-03-09&end_date=2025-03-12')).toBe(true);
  });

  it('says how far the trend moved over 7 days and since the first weigh-in, and nothing for spans it cannot see', async () => {
    // T_t = 92.9 − 0.1t − 0.9^t: today T_20 = 90.778; 7 days ago (5 Mar, t = 13) T_13 = 91.346 → −0.567 → '↓ 0.6 kg'.
    // The first weigh-in (20 Feb, 92.0): 90.778 − 92 = −1.222 → '↓ 1.2 kg'. 30 and 90 days reach before it.
    renderOverview({ entries: FALLING, goal: LOSE });
    const card = await trendCard();
    const changes = await within(card).findByRole('group', { name: 'Trend change' });
    expect(changes).toHaveTextContent('7 days');
    const items = Array.from(changes.querySelectorAll('.ov-trend-change')).map((el) => (el.textContent ?? '').replace(/\s+/g, ' '));
    expect(items).toEqual(['7 days↓ 0.6 kgdown 0.6 kg', 'Since 20/02/2025↓ 1.2 kgdown 1.2 kg']);
    expect(changes.querySelectorAll('[data-tone="good"]')).toHaveLength(2);
  });

  it('on track to a gain goal: a rising rate is good, and behind the plan', async () => {
    renderOverview({ entries: RISING, goal: GAIN });
    const card = await trendCard();
    await waitFor(() => expect(within(card).getByText('61.2 kg')).toBeInTheDocument());
    expect(rate(card)).toHaveTextContent('+0.5 kg/week');
    expect(rate(card)).toHaveAttribute('data-tone', 'good');
    expect(card).toHaveTextContent('Goal: most likely 3 May, between 1 May and 6 May');
    expect(card).toHaveTextContent('32 days behind your target date (1 Apr)');
  });

  it('moving away from the goal: the rate in red and the plain not-on-track words', async () => {
    renderOverview({ entries: RISING, goal: LOSE_FROM_70 });
    const card = await trendCard();
    await waitFor(() => expect(rate(card)).toHaveTextContent('+0.5 kg/week'));
    expect(rate(card)).toHaveAttribute('data-tone', 'bad');
    expect(card).toHaveTextContent('Your trend is moving away from your target.');
    expect(card).not.toHaveTextContent('most likely');
  });

  it('holding steady: a zero rate, neutral, and no date to forecast', async () => {
    // 14 days at exactly 80.0: trend 80.0, slope 0, with 72 still to go.
    renderOverview({ entries: daily(14, 80, 0), goal: { ...LOSE, startWeightKg: 82, targetWeightKg: 72 } });
    const card = await trendCard();
    await waitFor(() => expect(within(card).getByText('80.0 kg')).toBeInTheDocument());
    expect(rate(card)).toHaveTextContent('0.0 kg/week');
    expect(rate(card)).toHaveAttribute('data-tone', 'neutral');
    expect(card).toHaveTextContent('Your weight is holding steady, so there is no date to forecast yet.');
  });

  it('a drift that shows as 0.0 in the reader’s unit is holding steady; in pounds the same drift is 0.1 and away', async () => {
    // 21 days rising 0.008 kg a day (cells rounded to 0.01): the trend lags the line, and its rate over the last 14
    // days is 0.0058 kg a day, over the 0.005 of holding steady: 0.041 kg a week reads 0.0 kg/week, and 0.089 lb
    // reads +0.1 lb/week, away from a goal of losing to 72 kg.
    const drifting = daily(21, 80, -0.008);
    const goal = { ...LOSE, startWeightKg: 82, targetWeightKg: 72 };
    const { unmount } = renderOverview({ entries: drifting, goal });
    let card = await trendCard();
    await waitFor(() => expect(rate(card)).toHaveTextContent('0.0 kg/week'));
    expect(rate(card)).toHaveAttribute('data-tone', 'neutral');
    expect(card).toHaveTextContent('Your weight is holding steady, so there is no date to forecast yet.');
    unmount();

    renderOverview({ entries: drifting, goal }, { unit: 'IMPERIAL' });
    card = await trendCard();
    await waitFor(() => expect(rate(card)).toHaveTextContent('+0.1 lb/week'));
    expect(rate(card)).toHaveAttribute('data-tone', 'bad');
    expect(card).toHaveTextContent('Your trend is moving away from your target.');
  });

  it('at the target: says so, and the rate is neutral', async () => {
    // The falling series' trend 90.8 is already below a 91 kg target.
    renderOverview({ entries: FALLING, goal: { ...LOSE, targetWeightKg: 91 } });
    const card = await trendCard();
    await waitFor(() => expect(card).toHaveTextContent("You've reached your target."));
    expect(rate(card)).toHaveAttribute('data-tone', 'neutral');
  });

  it('with fewer than 3 readings says what is needed', async () => {
    renderOverview({ entries: daily(2, 80, 0.1), goal: LOSE });
    const card = await trendCard();
    expect(within(card).getByText('Log at least 3 weights to see your trend.')).toBeInTheDocument();
    expect(rate(card)).toBeNull();
  });

  it('greets a new user with the same words, calmly', async () => {
    const { store } = renderOverview({ entries: [], goal: null });
    expect(within(await trendCard()).getByText('Log at least 3 weights to see your trend.')).toBeInTheDocument();
    expect(store.getState().toasts).toEqual([]);
  });

  it('without a goal shows the rate, neutral, and no forecast', async () => {
    renderOverview({ entries: FALLING, goal: null });
    const card = await trendCard();
    await waitFor(() => expect(rate(card)).toHaveTextContent('−0.5 kg/week'));
    expect(rate(card)).toHaveAttribute('data-tone', 'neutral');
    expect(within(card).queryByTestId('ov-trend-forecast')).not.toBeInTheDocument();
  });

  it('in pounds for an imperial user', async () => {
    // 90.778 kg × 2.20462 = 200.13 lb; −0.0732 × 7 × 2.20462 = −1.130 lb/week.
    renderOverview({ entries: FALLING, goal: LOSE }, { unit: 'IMPERIAL' });
    const card = await trendCard();
    await waitFor(() => expect(within(card).getByText('200.1 lb')).toBeInTheDocument());
    expect(rate(card)).toHaveTextContent('−1.1 lb/week');
  });

  it('with readings but fewer than 3 in the last 14 days says the rate needs them', async () => {
    // Three readings, two of them older than 14 days: a trend, but no rate and no goal to forecast.
    renderOverview({
      entries: [
        { date: '2025-02-01', weightKg: 81 },
        { date: '2025-02-02', weightKg: 80.8 },
        { date: '2025-03-12', weightKg: 80 },
      ],
      goal: null,
    });
    const card = await trendCard();
    await waitFor(() => expect(card).toHaveTextContent('Log at least 3 weights in 14 days to see your rate.'));
    expect(rate(card)).toBeNull();
  });

  it('logging that stopped weeks ago gives no rate and no forecast, never a date already past', async () => {
    // the falling series, ended 20 days before today (12/03/2025)
    const stopped = FALLING.map((e) => {
      const [y, m, d] = e.date.split('-').map(Number);
      const date = new Date(y!, m! - 1, d! - 20);
      const iso = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
      return { ...e, date: iso };
    });
    renderOverview({ entries: stopped, goal: LOSE }, { defaultSelectedPeriod: 'all' });
    const card = await trendCard();
    await waitFor(() => expect(within(card).getByText('90.8 kg')).toBeInTheDocument());
    expect(rate(card)).toBeNull();
    expect(card).toHaveTextContent('Log at least 3 weights in 14 days to see a forecast.');
    expect(card).not.toHaveTextContent(/most likely/);
  });
});

describe('formatRatePerWeek', () => {
  it('signs the weekly rate with a true minus, and none when it rounds to zero', () => {
    expect(formatRatePerWeek(-0.1, 'METRIC')).toBe('−0.7 kg/week');
    expect(formatRatePerWeek(0.05, 'METRIC')).toBe('+0.4 kg/week'); // 0.35 → 0.4
    expect(formatRatePerWeek(-0.004, 'METRIC')).toBe('0.0 kg/week'); // −0.028 rounds to 0
    expect(formatRatePerWeek(-0.1, 'IMPERIAL')).toBe('−1.5 lb/week'); // 0.7 × 2.20462 = 1.543
  });
});

describe('Show trend toggle', () => {
  it('is on by default, draws the trend line, and unticking it hides the line and is remembered', async () => {
    const { store } = renderOverview({ entries: FALLING, goal: LOSE });
    const graph = await screen.findByRole('region', { name: 'This Week Weight Graph' });
    const toggle = within(graph).getByRole('checkbox', { name: 'Show trend' });
    expect(toggle).toBeChecked();
    // the panel's heading is there before its data: the chart comes once the entries are in
    expect(await within(graph).findByTestId('line-chart')).toHaveAttribute('data-lines', 'Weight,Trend,Target,Plan,Likely date');

    await userEvent.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(store.getState().preferences.showTrend).toBe(false);
    expect(JSON.parse(localStorage.getItem('preferences')!).showTrend).toBe(false);
    expect(within(graph).getByTestId('line-chart')).toHaveAttribute('data-lines', 'Weight,Target,Plan');

    await userEvent.click(toggle);
    expect(store.getState().preferences.showTrend).toBe(true);
    expect(within(graph).getByTestId('line-chart')).toHaveAttribute('data-lines', 'Weight,Trend,Target,Plan,Likely date');
  });

  it('starts unticked when the preference says so', async () => {
    renderOverview({ entries: FALLING, goal: LOSE }, { showTrend: false });
    const graph = await screen.findByRole('region', { name: 'This Week Weight Graph' });
    expect(within(graph).getByRole('checkbox', { name: 'Show trend' })).not.toBeChecked();
    expect(await within(graph).findByTestId('line-chart')).toHaveAttribute('data-lines', 'Weight,Target,Plan');
  });
});
