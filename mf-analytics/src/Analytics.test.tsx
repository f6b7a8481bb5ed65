import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiAveragedItem, ApiWeightEntry } from '@app/kit';
import { apiError, installFetchMock, json, type MockCall } from '@app/kit/testing';
import { dailyEntries, entry, renderAnalytics } from './test/renderAnalytics';
import { avgOf } from '@app/kit/testing';

vi.mock('react-chartjs-2', async () => ({ Line: (await import('./test/chartMock')).LineMock }));

// Wednesday 12 March 2025: the calendar week (Sunday start) is 9–15 March, requested up to the 12th.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 2, 12, 9));
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const MARCH: ApiWeightEntry[] = [
  entry('2025-03-02', 81.25, 'Start of the month'),
  entry('2025-03-10', 80.04),
  entry('2025-03-11', 79.96, ''),
];

interface Api {
  weights?: ApiWeightEntry[] | (() => Response);
  averages?: Partial<Record<'weekly' | 'monthly' | 'yearly', ApiAveragedItem[]>>;
  earliest?: ApiWeightEntry | null;
  del?: () => Response;
}

function mockApi({ weights = MARCH, averages = {}, earliest = null, del = () => json(204) }: Api = {}) {
  return installFetchMock((call: MockCall) => {
    const path = call.path;
    if (call.method === 'DELETE') return del();
    if (path.startsWith('/api/weights/average/')) {
      const mode = path.split('/')[4].split('?')[0] as 'weekly';
      return json(200, averages[mode] ?? []);
    }
    if (path === '/api/weights/earliest?none=null') return json(200, earliest);
    if (path.startsWith('/api/weights')) return typeof weights === 'function' ? weights() : json(200, weights);
    return apiError(404, 'Not found');
  }, 'http://localhost:3000/dashboard/analytics');
}

const toasts = (store: { getState(): { toasts: { message: string; kind: string }[] } }) =>
  store.getState().toasts.map((t) => `${t.kind}: ${t.message}`);
const bodyRows = () => within(screen.getAllByRole('rowgroup')[1]).queryAllByRole('row');

describe('period selector', () => {
  it('shows the short calendar labels as toggles, the preference pressed, and requests its range', async () => {
    const { calls } = mockApi();
    renderAnalytics({ defaultSelectedPeriod: 'month' });
    const strip = screen.getByRole('group', { name: 'Period' });
    expect(
      within(strip)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['1W', '1M', 'Q', 'H', '1Y', 'All']);
    expect(within(strip).getByRole('button', { name: '1M' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(strip).getByRole('button', { name: '1W' })).toHaveAttribute('aria-pressed', 'false');
    await screen.findByText('3 entries');
    expect(calls.map((c) => c.path)).toContain('/api/weights?start_date=2025-03-01&end_date=2025-03-12');
  });

  it('uses rolling labels and can be driven by keyboard', async () => {
    const { calls } = mockApi();
    renderAnalytics({ alignToCalendar: false });
    const strip = screen.getByRole('group', { name: 'Period' });
    expect(
      within(strip)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['7d', '30d', '90d', '180d', '365d', 'All']);
    within(strip).getByRole('button', { name: '7d' }).focus();
    await userEvent.keyboard('{ArrowRight}{Enter}');
    expect(within(strip).getByRole('button', { name: '30d' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/weights?start_date=2025-02-11&end_date=2025-03-12'));
  });
});

describe('history table', () => {
  it('lists entries newest first with en-GB dates, 1 decimal, the unit header and "No notes"', async () => {
    renderAnalytics({ defaultSelectedPeriod: 'month' });
    mockApi();
    await screen.findByText('3 entries');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Date', 'Weight (kg)', 'Notes', 'Actions']);
    const cells = bodyRows().map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 3)
        .map((c) => c.textContent),
    );
    expect(cells).toEqual([
      ['11/03/2025', '80.0', 'No notes'],
      ['10/03/2025', '80.0', 'No notes'],
      ['02/03/2025', '81.3', 'Start of the month'],
    ]);
    expect(bodyRows()[0]).toHaveAttribute('title', 'Click to edit');
    expect(bodyRows()[0]).toHaveAccessibleName(expect.stringMatching(/^\d\d\/\d\d\/\d{4}, \d+\.\d (kg|lb): edit$/));
  });

  it('shows pounds for an imperial user', async () => {
    mockApi({ weights: [entry('2025-03-11', 80)] });
    renderAnalytics({ unit: 'IMPERIAL' });
    await screen.findByText('1 entry');
    expect(screen.getByRole('columnheader', { name: 'Weight (lb)' })).toBeInTheDocument();
    expect(within(bodyRows()[0]).getByText('176.4')).toBeInTheDocument(); // 80 × 2.20462 = 176.37
  });

  it('pages ten years of daily entries: 50 rows at a time, every row reachable, the chart decimated', async () => {
    const tenYears = dailyEntries('2025-03-12', 3650);
    mockApi({ weights: tenYears, earliest: tenYears[0] });
    renderAnalytics({ defaultSelectedPeriod: 'all' });
    await screen.findByText('3650 entries');
    expect(bodyRows()).toHaveLength(50);
    expect(screen.getByText('Page 1 of 73')).toBeInTheDocument();
    expect(within(bodyRows()[0]).getByText('12/03/2025')).toBeInTheDocument();
    expect(Number((await screen.findByTestId('line-chart')).dataset.points)).toBeLessThanOrEqual(400);

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 73')).toBeInTheDocument();
    expect(within(bodyRows()[0]).getByText('21/01/2025')).toBeInTheDocument(); // 50 days before 12 March
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Last' }));
    expect(screen.getByText('Page 73 of 73')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(bodyRows()).toHaveLength(50);
    expect(within(bodyRows()[49]).getByText(tenYears[0].date.split('-').reverse().join('/'))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('Page 72 of 73')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'First' }));
    expect(screen.getByText('Page 1 of 73')).toBeInTheDocument();
  });
});

describe('averaging', () => {
  const averages = {
    weekly: [avgOf({ week: '2025-10', average: 80.0, count: 2 }), avgOf({ week: '2025-09', average: 81.3, count: 1 })].reverse(),
    monthly: [avgOf({ month: '2025-03', average: 80.4, count: 3 })],
    yearly: [avgOf({ year: '2025', average: 80.4, count: 3 })],
  };

  it('asks for weekly, monthly and yearly averages with the week start, newest first; the rows stay one click away', async () => {
    const { calls } = mockApi({ averages });
    renderAnalytics({ defaultSelectedPeriod: 'month', weekStartsOn: 1 });
    await screen.findByText('3 entries');
    const select = screen.getByLabelText('Averaging');
    expect(Array.from((select as HTMLSelectElement).options).map((o) => o.text)).toEqual([
      'Show All Data',
      'Weekly Average',
      'Monthly Average',
      'Yearly Average',
    ]);
    expect(calls.some((c) => c.path.includes('/average/'))).toBe(false);

    await userEvent.selectOptions(select, 'Weekly Average');
    const list = await screen.findByRole('region', { name: 'Averages' });
    expect(calls.map((c) => c.path)).toContain('/api/weights/average/weekly?start_date=2025-03-01&end_date=2025-03-12&week_starts_on=1');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['2025 Week 10 (3 Mar): 80.0 kg (2 days)', '2025 Week 9 (24 Feb): 81.3 kg (1 day)']);
    expect(screen.getByText('Entry details not available for average data')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const reveal = screen.getByRole('button', { name: 'Show the entries' });
    await userEvent.click(reveal);
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide the entries' })).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Hide the entries' }));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await userEvent.selectOptions(select, 'Monthly Average');
    expect(await screen.findByText('March 2025: 80.4 kg (3 days)')).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toContain('/api/weights/average/monthly?start_date=2025-03-01&end_date=2025-03-12&week_starts_on=1');

    await userEvent.selectOptions(select, 'Yearly Average');
    expect(await screen.findByText('2025: 80.4 kg (3 days)')).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toContain('/api/weights/average/yearly?start_date=2025-03-01&end_date=2025-03-12&week_starts_on=1');

    await userEvent.selectOptions(select, 'Show All Data');
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByText('Entry details not available for average data')).not.toBeInTheDocument();
  });

  it("rounds an average once, in the reader's unit: a mean of 80.04 kg is 176.5 lb", async () => {
    mockApi({ averages: { weekly: [avgOf({ week: '2025-11', average: 80.04, count: 2 }, 0)] } });
    renderAnalytics({ defaultSelectedPeriod: 'month', unit: 'IMPERIAL' });
    await screen.findByText('3 entries');
    await userEvent.selectOptions(screen.getByLabelText('Averaging'), 'weekly');
    expect(await screen.findByText('2025 Week 11 (9 Mar): 176.5 lb (2 days)')).toBeInTheDocument();
  });

  it('sends week_starts_on=0 for Sunday weeks and shows averages in pounds for imperial users', async () => {
    const { calls } = mockApi({ averages: { weekly: [avgOf({ week: '2025-11', average: 80, count: 2 }, 0)] } });
    renderAnalytics({ defaultSelectedPeriod: 'month', unit: 'IMPERIAL' });
    await screen.findByText('3 entries');
    await userEvent.selectOptions(screen.getByLabelText('Averaging'), 'weekly');
    // ISO week 11 of 2025 starts Monday 10 March; Sunday weeks start the day before.
    expect(await screen.findByText('2025 Week 11 (9 Mar): 176.4 lb (2 days)')).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toContain('/api/weights/average/weekly?start_date=2025-03-01&end_date=2025-03-12&week_starts_on=0');
  });
});

describe('editing and deleting', () => {
  it('opens the entry dialog for a clicked row, or a row activated with Enter', async () => {
    mockApi();
    const { store } = renderAnalytics({ defaultSelectedPeriod: 'month' });
    await screen.findByText('3 entries');
    await userEvent.click(within(bodyRows()[2]).getByText('02/03/2025'));
    expect(store.getState().entryDialog).toEqual({ open: true, editDate: '2025-03-02' });
    bodyRows()[0].focus();
    await userEvent.keyboard('{Enter}');
    expect(store.getState().entryDialog).toEqual({ open: true, editDate: '2025-03-11' });
  });

  it('opens the dialog for a clicked raw graph point and explains averaged points', async () => {
    mockApi({
      averages: { monthly: [avgOf({ month: '2025-03', average: 80.4, count: 3 }), avgOf({ month: '2025-02', average: 82, count: 1 })] },
    });
    const { store } = renderAnalytics({ defaultSelectedPeriod: 'month' });
    await screen.findByText('3 entries');
    await userEvent.click(await screen.findByRole('button', { name: 'last point' }));
    expect(store.getState().entryDialog).toEqual({ open: true, editDate: '2025-03-11' });

    await userEvent.selectOptions(screen.getByLabelText('Averaging'), 'monthly');
    await screen.findByText('March 2025: 80.4 kg (3 days)');
    // the chart is drawn a frame after the averages' list, once the screen around it is painted
    await userEvent.click(await screen.findByRole('button', { name: 'first point' }));
    expect(toasts(store)).toEqual(['info: Entry details not available for average data']);
  });

  it('asks before deleting, deletes, toasts and refetches; the click never opens the dialog', async () => {
    let rows = [...MARCH];
    const { calls } = mockApi({
      weights: () => json(200, rows),
      del: () => {
        rows = rows.filter((r) => r.date !== '2025-03-10');
        return json(204);
      },
    });
    const { store } = renderAnalytics({ defaultSelectedPeriod: 'month' });
    await screen.findByText('3 entries');

    await userEvent.click(screen.getByRole('button', { name: 'Delete entry for 10/03/2025' }));
    const row = bodyRows()[1];
    expect(within(row).getByText('Delete this entry?')).toBeInTheDocument();
    expect(store.getState().entryDialog.open).toBe(false);
    await userEvent.click(within(row).getByRole('button', { name: 'Keep' }));
    expect(screen.queryByText('Delete this entry?')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    // Escape keeps it too, and gives the focus back to the delete button
    await userEvent.click(screen.getByRole('button', { name: 'Delete entry for 10/03/2025' }));
    expect(within(bodyRows()[1]).getByRole('button', { name: 'Keep' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByText('Delete this entry?')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete entry for 10/03/2025' })).toHaveFocus());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Delete entry for 10/03/2025' }));
    await userEvent.click(within(bodyRows()[1]).getByRole('button', { name: 'Delete' }));
    await screen.findByText('2 entries');
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/weights/date/2025-03-10');
    expect(screen.queryByText('10/03/2025')).not.toBeInTheDocument();
    // the keyboard moves on to the day after it in the list, not to the top of the page
    expect(document.activeElement).toBe(screen.getByText('02/03/2025').closest('tr'));
    expect(toasts(store)).toEqual(['success: Entry deleted successfully']);
    expect(store.getState().entryDialog.open).toBe(false);
  });

  it('toasts a failed delete and keeps the row', async () => {
    mockApi({ del: () => apiError(404, 'Not found') });
    const { store } = renderAnalytics({ defaultSelectedPeriod: 'month' });
    await screen.findByText('3 entries');
    await userEvent.click(screen.getByRole('button', { name: 'Delete entry for 11/03/2025' }));
    await userEvent.click(within(bodyRows()[0]).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts(store)).toEqual(['error: Failed to delete entry']));
    expect(screen.getByText('11/03/2025')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete entry for 11/03/2025' })).toBeInTheDocument();
  });
});

describe('empty and failing states', () => {
  it('shows calm empty states for a period without entries, with no toast', async () => {
    mockApi({ weights: [] });
    const { store } = renderAnalytics();
    expect(await screen.findByText('No weight entries available for this period')).toBeInTheDocument();
    expect(screen.getByText('No data available')).toBeInTheDocument();
    expect(screen.getByText('0 entries')).toBeInTheDocument();
    expect(toasts(store)).toEqual([]);
  });

  it('shows a new user the empty states on "All" without asking for weights', async () => {
    const { calls } = mockApi({ earliest: null });
    const { store } = renderAnalytics({ defaultSelectedPeriod: 'all' });
    expect(await screen.findByText('No weight entries available for this period')).toBeInTheDocument();
    expect(screen.getByText('No data available')).toBeInTheDocument();
    expect(calls.map((c) => c.path).filter((p) => p.startsWith('/api/weights'))).toEqual(['/api/weights/earliest?none=null']);
    expect(toasts(store)).toEqual([]);
  });

  it("toasts 'Failed to fetch data' when loading entries really fails, and never calls the period empty", async () => {
    let fail = true;
    mockApi({ weights: () => (fail ? apiError(500, 'boom') : json(200, MARCH)) });
    const { store } = renderAnalytics({ defaultSelectedPeriod: 'month' });
    await waitFor(() => expect(toasts(store)).toEqual(['error: Failed to fetch data']));
    expect(await screen.findAllByText("This period's entries could not be loaded.")).toHaveLength(2);
    expect(screen.queryByText('No weight entries available for this period')).toBeNull();
    expect(screen.queryByText('0 entries')).toBeNull();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('3 entries')).toBeInTheDocument();
  });
});

// act() keeps React quiet about updates the fake timers schedule after a test ends.
afterEach(() => act(() => undefined));

describe('trend line and thin averages', () => {
  it('draws the trend over raw data by default; the Show trend box turns it off and remembers it', async () => {
    mockApi();
    const { store } = renderAnalytics({ defaultSelectedPeriod: 'month' });
    await screen.findByText('3 entries');
    const toggle = screen.getByRole('checkbox', { name: 'Show trend' });
    expect(toggle).toBeChecked();
    expect(await screen.findByTestId('line-chart')).toHaveAttribute('data-lines', 'Weight,Trend');

    await userEvent.click(toggle);
    expect(store.getState().preferences.showTrend).toBe(false);
    expect(JSON.parse(localStorage.getItem('preferences')!).showTrend).toBe(false);
    expect(screen.getByTestId('line-chart')).toHaveAttribute('data-lines', 'Weight');

    await userEvent.click(toggle);
    expect(store.getState().preferences.showTrend).toBe(true);
    expect(screen.getByTestId('line-chart')).toHaveAttribute('data-lines', 'Weight,Trend');
  });

  it('has no trend over averages: the box is gone while averaging, and back with all data', async () => {
    mockApi({ averages: { monthly: [avgOf({ month: '2025-03', average: 80.4, count: 3 })] } });
    renderAnalytics({ defaultSelectedPeriod: 'month' });
    await screen.findByText('3 entries');
    await userEvent.selectOptions(screen.getByLabelText('Averaging'), 'monthly');
    await screen.findByRole('region', { name: 'Averages' });
    expect(screen.queryByRole('checkbox', { name: 'Show trend' })).not.toBeInTheDocument();
    expect(await screen.findByTestId('line-chart')).toHaveAttribute('data-lines', 'Weight: 80.4 kg (avg)');
    await userEvent.selectOptions(screen.getByLabelText('Averaging'), 'none');
    expect(await screen.findByRole('checkbox', { name: 'Show trend' })).toBeChecked();
  });

  it('marks averages on too few days (weekly < 3, monthly < 8) with a badge and the reason', async () => {
    mockApi({
      averages: {
        weekly: [avgOf({ week: '2025-09', average: 81.3, count: 3 }), avgOf({ week: '2025-10', average: 80.0, count: 2 })],
        monthly: [avgOf({ month: '2025-02', average: 81.5, count: 8 }), avgOf({ month: '2025-03', average: 80.4, count: 7 })],
      },
    });
    renderAnalytics({ defaultSelectedPeriod: 'month', weekStartsOn: 1 });
    await screen.findByText('3 entries');
    await userEvent.selectOptions(screen.getByLabelText('Averaging'), 'weekly');
    let items = within(await screen.findByRole('region', { name: 'Averages' })).getAllByRole('listitem');
    // Newest first. 3 days is enough for a week, 2 is not. The badge is drawn by CSS from data-badge (the text stays as it was).
    expect(items[1]).toHaveTextContent(/^2025 Week 9 \(24 Feb\): 81.3 kg \(3 days\)$/);
    expect(items[1]).not.toHaveClass('an-average-thin');
    expect(items[1]).not.toHaveAttribute('data-badge');
    expect(items[1]).not.toHaveAccessibleDescription();
    expect(items[0]).toHaveTextContent(/^2025 Week 10 \(3 Mar\): 80.0 kg \(2 days\)$/);
    expect(items[0]).toHaveClass('an-average-thin');
    expect(items[0]).toHaveAttribute('data-badge', 'few readings');
    expect(items[0]).toHaveAttribute('title', 'Based on only 2 days');
    expect(items[0]).toHaveAccessibleDescription('Based on only 2 days');

    await userEvent.selectOptions(screen.getByLabelText('Averaging'), 'monthly');
    await screen.findByText('March 2025: 80.4 kg (7 days)');
    items = within(screen.getByRole('region', { name: 'Averages' })).getAllByRole('listitem');
    // 8 days make a solid month, 7 a thin one.
    expect(items[1]).not.toHaveClass('an-average-thin');
    expect(items[0]).toHaveClass('an-average-thin');
    expect(items[0]).toHaveAccessibleDescription('Based on only 7 days');
  });
});

describe('the graph drawn once, whole', () => {
  const GOAL = { startWeightKg: 84, targetWeightKg: 76, startDate: '2025-01-01', targetDate: '2025-12-31' };

  /**
   * The API of mockApi with a goal, answered only when the test lets it (`answerGoal`), and likewise the readings from
   * before the period that carry the trend in (`answerEarlier`).
   */
  function mockApiWithLateReads() {
    let answerGoal!: () => void;
    let answerEarlier!: () => void;
    const goalLetGo = new Promise<void>((resolve) => (answerGoal = resolve));
    const earlierLetGo = new Promise<void>((resolve) => (answerEarlier = resolve));
    installFetchMock(async (call: MockCall) => {
      if (call.path.startsWith('/api/goals')) {
        await goalLetGo;
        return json(200, GOAL);
      }
      if (call.path === '/api/weights/earliest?none=null') return json(200, null);
      if (call.path.startsWith('/api/weights')) {
        const start = new URL(call.path, 'http://localhost').searchParams.get('start_date') ?? '';
        if (start < '2025-03-01') await earlierLetGo;
        return json(200, start < '2025-03-01' ? [] : MARCH);
      }
      return apiError(404, 'Not found');
    }, 'http://localhost:3000/dashboard/analytics');
    return { answerGoal, answerEarlier };
  }
  const graphPanel = () => screen.getByRole('region', { name: 'Weight Graph' });

  it('waits for the goal before its first draw, so its legend and the history under it never move', async () => {
    const { answerGoal, answerEarlier } = mockApiWithLateReads();
    renderAnalytics({ defaultSelectedPeriod: 'month' });
    // the entries are in (the history shows them), the goal and the earlier readings are not: the graph keeps its room
    await screen.findByText('3 entries');
    expect(screen.queryByTestId('line-chart')).toBeNull();
    expect(within(graphPanel()).getByRole('status')).toHaveTextContent('Loading...');

    answerGoal();
    await act(() => Promise.resolve());
    expect(screen.queryByTestId('line-chart')).toBeNull();
    answerEarlier();
    expect(await screen.findByTestId('line-chart')).toHaveAttribute('data-lines', expect.stringMatching(/^Weight,Trend,.*Target/));
  });

  it('redraws in place once drawn: Show trend turned on later never gives way to Loading...', async () => {
    const { answerGoal, answerEarlier } = mockApiWithLateReads();
    answerGoal();
    renderAnalytics({ defaultSelectedPeriod: 'month', showTrend: false });
    expect(await screen.findByTestId('line-chart')).toHaveAttribute('data-lines', expect.stringMatching(/^Weight,Target/));
    // the earlier readings are asked for only now, and are slow to come: the graph stays, without its trend meanwhile
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show trend' }));
    expect(within(graphPanel()).queryByRole('status')).toBeNull();
    expect(screen.getByTestId('line-chart')).toBeInTheDocument();
    answerEarlier();
    await waitFor(() => expect(screen.getByTestId('line-chart')).toHaveAttribute('data-lines', expect.stringMatching(/^Weight,Trend/)));
  });
});
