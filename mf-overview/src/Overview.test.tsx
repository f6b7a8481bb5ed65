import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, type Goal } from '@app/kit';
import { freezeToday, renderOverview, type Entry } from './test/renderOverview';

// jsdom has no canvas: the chart becomes one button per plotted point that calls chart.js's onClick.
vi.mock('react-chartjs-2', () => ({
  Line: (props: {
    data: { datasets: { data: { date: string }[] }[] };
    options: { onClick: (event: unknown, elements: { index: number }[]) => void };
  }) => (
    <div data-testid="line-chart">
      {props.data.datasets[0].data.map((point, index) => (
        <button key={point.date} type="button" onClick={() => props.options.onClick({}, [{ index }])}>
          point {point.date}
        </button>
      ))}
    </div>
  ),
}));

// This week (Sun 09/03 – Sat 15/03/2025), today Wednesday 12/03: 7 days in the period, 4 of them begun.
const WEEK: Entry[] = [
  { date: '2025-03-09', weightKg: 80 },
  { date: '2025-03-10', weightKg: 79.5 },
  { date: '2025-03-12', weightKg: 79 },
];
// 80 days from 12/03 to 31/05 → ceil(80 / 7) = 12 weeks remain.
const LOSE: Goal = { startWeightKg: 82, targetWeightKg: 72, startDate: '2025-01-01', targetDate: '2025-05-31' };
const GAIN: Goal = { startWeightKg: 60, targetWeightKg: 70, startDate: '2025-01-01', targetDate: '2025-05-31' };

const card = (title: string) => screen.getByRole('article', { name: title });
const goalPanel = () => screen.getByRole('region', { name: 'Goal Progress' });

beforeEach(() => {
  localStorage.clear();
  freezeToday();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Overview cards', () => {
  it('shows a loss goal on track: current, first, target, change, period goal, entries and progress', async () => {
    const { store } = renderOverview({ entries: WEEK, goal: LOSE });
    expect(screen.getByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'This Week Summary' })).toBeInTheDocument();

    const current = card('Current Weight');
    expect(within(current).getByText('79.0 kg')).toBeInTheDocument();
    expect(within(current).getByText('80.0 kg')).toBeInTheDocument(); // first entry of the week
    expect(within(current).getByText('72.0 kg')).toBeInTheDocument(); // target
    expect(within(current).getByText('down 1.0 kg')).toBeInTheDocument();
    expect(within(current).getByText('down 1.0 kg').parentElement).toHaveAttribute('data-tone', 'good');

    // Goal for the week: |72 − 82 (the goal's start)| ÷ ceil(80 days ÷ 7) = 10 ÷ 12 = 0.833 kg; lost 1.0 kg → 120.0 %.
    const period = card('This Period Goal');
    expect(within(period).getByText('120.0%')).toBeInTheDocument();
    expect(within(period).getByText('of your goal')).toBeInTheDocument();
    expect(within(period).getByText('1.0 kg of 0.8 kg this period')).toBeInTheDocument();

    // 3 days logged of the 7 in the week: 42.9 %.
    const entries = card('Number Of Entries');
    expect(within(entries).getByText('/ 7 days')).toBeInTheDocument();
    expect(entries).toHaveTextContent('3 / 7 days');
    expect(entries).toHaveTextContent('42.9% consistency');

    // (79 − 82) ÷ (72 − 82) = 30.0 %.
    const goal = goalPanel();
    expect(within(goal).getByText('30.0%')).toBeInTheDocument();
    const bar = within(goal).getByRole('progressbar', { name: 'Goal progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '30');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(goal).toHaveTextContent('Start 82.0 kg');
    expect(goal).toHaveTextContent('Target 72.0 kg');

    const graph = screen.getByRole('region', { name: 'This Week Weight Graph' });
    expect(graph).toHaveTextContent('09/03/2025 – 15/03/2025');
    expect(graph).toHaveTextContent('Current weight 79.0 kg');
    expect(store.getState().toasts).toEqual([]);
  });

  it('shows a gain goal: going up is progress, in green', async () => {
    renderOverview({
      entries: [
        { date: '2025-03-09', weightKg: 62 },
        { date: '2025-03-11', weightKg: 63 },
      ],
      goal: GAIN,
    });
    const current = await screen.findByRole('article', { name: 'Current Weight' });
    expect(within(current).getByText('up 1.0 kg').parentElement).toHaveAttribute('data-tone', 'good');
    // |70 − 60| ÷ 12 = 0.833 kg; gained 1.0 kg → 120.0 %.
    expect(within(card('This Period Goal')).getByText('120.0%')).toHaveClass('ov-tone--good');
    // (63 − 60) ÷ (70 − 60) = 30.0 %.
    expect(within(goalPanel()).getByText('30.0%')).toBeInTheDocument();
  });

  it('shows moving away from a loss goal as negative and red', async () => {
    renderOverview({
      entries: [
        { date: '2025-03-09', weightKg: 79 },
        { date: '2025-03-12', weightKg: 80 },
      ],
      goal: LOSE,
    });
    const current = await screen.findByRole('article', { name: 'Current Weight' });
    expect(within(current).getByText('up 1.0 kg').parentElement).toHaveAttribute('data-tone', 'bad');
    // |72 − 82| ÷ 12 = 0.833 kg; gained 1 kg against it → −120.0 %.
    const period = card('This Period Goal');
    expect(within(period).getByText('-120.0%')).toHaveClass('ov-tone--bad');
    expect(within(period).getByText('up 1.0 kg').parentElement).toHaveAttribute('data-tone', 'bad');
    // (80 − 82) ÷ (72 − 82) = 20.0 %.
    expect(within(goalPanel()).getByText('20.0%')).toBeInTheDocument();
  });

  it('says the target date has passed instead of a period goal, and clamps the bar above 100', async () => {
    renderOverview({
      entries: [
        { date: '2025-03-09', weightKg: 71 },
        { date: '2025-03-12', weightKg: 70 },
      ],
      goal: { ...LOSE, targetDate: '2025-03-01' },
    });
    const period = await screen.findByRole('article', { name: 'This Period Goal' });
    expect(within(period).getByText('Target date passed')).toBeInTheDocument();
    expect(within(period).queryByText('of your goal')).not.toBeInTheDocument();
    expect(within(period).getByText('down 1.0 kg')).toBeInTheDocument();
    // (70 − 82) ÷ (72 − 82) = 120.0 %, bar clamped to 100.
    expect(within(goalPanel()).getByText('120.0%')).toBeInTheDocument();
    expect(within(goalPanel()).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });

  it('shows No goal set where the goal is missing, with a way to set one', async () => {
    const { store } = renderOverview({ entries: WEEK, goal: null });
    const current = await screen.findByRole('article', { name: 'Current Weight' });
    expect(within(current).getByText('79.0 kg')).toBeInTheDocument();
    expect(within(current).getByText('No goal set')).toBeInTheDocument();
    expect(within(current).getByText('down 1.0 kg').parentElement).toHaveAttribute('data-tone', 'neutral');
    expect(within(card('This Period Goal')).getByText('No goal set')).toBeInTheDocument();
    expect(card('Number Of Entries')).toHaveTextContent('3 / 7 days');
    expect(within(goalPanel()).getByText('No goal set')).toBeInTheDocument();
    expect(within(goalPanel()).queryByRole('progressbar')).not.toBeInTheDocument();
    await userEvent.click(within(goalPanel()).getByRole('link', { name: 'Set a goal in Settings' }));
    expect(await screen.findByText('Settings screen')).toBeInTheDocument();
    expect(store.getState().toasts).toEqual([]);
  });

  it('shows No data available in every card when the period has no entry, keeping progress from the latest weight', async () => {
    renderOverview({ entries: [{ date: '2025-03-01', weightKg: 77 }], goal: LOSE });
    const current = await screen.findByRole('article', { name: 'Current Weight' });
    expect(within(current).getByText('No data available')).toBeInTheDocument();
    expect(within(card('This Period Goal')).getByText('No data available')).toBeInTheDocument();
    expect(within(card('Number Of Entries')).getByText('No data available')).toBeInTheDocument();
    // Latest overall 77: (77 − 82) ÷ (72 − 82) = 50.0 %.
    expect(within(goalPanel()).getByText('50.0%')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'This Week Weight Graph' })).toHaveTextContent('Current weight 77.0 kg');
    expect(screen.queryByRole('button', { name: 'Log weight' })).not.toBeInTheDocument();
  });

  it('converts every weight to pounds for an imperial user', async () => {
    renderOverview({ entries: WEEK, goal: LOSE }, { unit: 'IMPERIAL' });
    const current = await screen.findByRole('article', { name: 'Current Weight' });
    // 79 × 2.20462 = 174.165; 80 × 2.20462 = 176.370; 72 × 2.20462 = 158.733; 1 × 2.20462 = 2.205.
    expect(within(current).getByText('174.2 lb')).toBeInTheDocument();
    expect(within(current).getByText('176.4 lb')).toBeInTheDocument();
    expect(within(current).getByText('158.7 lb')).toBeInTheDocument();
    expect(within(current).getByText('down 2.2 lb')).toBeInTheDocument();
    // 1 kg = 2.2 lb of 0.833 kg = 1.837 lb.
    expect(within(card('This Period Goal')).getByText('2.2 lb of 1.8 lb this period')).toBeInTheDocument();
    // 82 × 2.20462 = 180.779.
    expect(goalPanel()).toHaveTextContent('Start 180.8 lb');
    expect(goalPanel()).toHaveTextContent('Target 158.7 lb');
    expect(within(goalPanel()).getByText('30.0%')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'This Week Weight Graph' })).toHaveTextContent('Current weight 174.2 lb');
  });

  it('shows a change of 0.1 lb as a change, in its colour, though it is 0.0 kg', async () => {
    // 180.0 lb then 180.1 lb, typed in pounds
    const lb = (value: number) => value / 2.20462;
    renderOverview(
      {
        entries: [
          { date: '2025-03-10', weightKg: lb(180) },
          { date: '2025-03-12', weightKg: lb(180.1) },
        ],
        goal: LOSE,
      },
      { unit: 'IMPERIAL' },
    );
    const current = await screen.findByRole('article', { name: 'Current Weight' });
    expect(within(current).getByText('up 0.1 lb')).toBeInTheDocument();
    expect(within(current).getByText('up 0.1 lb').closest('[data-tone]')).toHaveAttribute('data-tone', 'bad');
  });
});

describe('Overview period', () => {
  it('starts on the preferred period and switches, saving the choice as the new default', async () => {
    const { store, calls } = renderOverview(
      { entries: [{ date: '2025-02-20', weightKg: 81 }, ...WEEK], goal: LOSE },
      { defaultSelectedPeriod: 'week' },
    );
    await screen.findByRole('heading', { name: 'This Week Summary' });
    const select = screen.getByLabelText('Time period');
    expect(select).toHaveValue('week');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['This Week', 'This Month', 'This Quarter', 'This Half Year', 'This Year', 'All Time']);
    expect(calls.some((c) => c.path === '/api/weights?start_date=2025-03-09&end_date=2025-03-12')).toBe(true);

    await userEvent.selectOptions(select, 'quarter');
    expect(await screen.findByRole('heading', { name: 'This Quarter Summary' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'This Quarter Weight Graph' })).toBeInTheDocument();
    expect(await screen.findByText('01/01/2025 – 31/03/2025')).toBeInTheDocument();
    // The quarter starts with the 20/02 entry: 81 → 79 is down 2.0 kg; 4 days logged of the quarter's 90.
    await waitFor(() => expect(within(card('Current Weight')).getByText('down 2.0 kg')).toBeInTheDocument());
    expect(card('Number Of Entries')).toHaveTextContent('4 / 90 days');
    expect(store.getState().preferences.defaultSelectedPeriod).toBe('quarter');
    expect(JSON.parse(localStorage.getItem('preferences')!).defaultSelectedPeriod).toBe('quarter');
  });

  it('uses rolling labels and ranges when not aligned to the calendar', async () => {
    renderOverview({ entries: WEEK, goal: LOSE }, { alignToCalendar: false, defaultSelectedPeriod: 'month' });
    expect(await screen.findByRole('heading', { name: 'Last 30 Days Summary' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Last 7 Days' })).toBeInTheDocument();
    expect(screen.getByText('11/02/2025 – 12/03/2025')).toBeInTheDocument();
  });

  it("starts 'All Time' at the earliest entry", async () => {
    const { calls } = renderOverview(
      { entries: [{ date: '2024-11-02', weightKg: 85 }, ...WEEK], goal: LOSE },
      { defaultSelectedPeriod: 'all' },
    );
    expect(await screen.findByRole('heading', { name: 'All Time Summary' })).toBeInTheDocument();
    expect(await screen.findByText('02/11/2024 – 12/03/2025')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/weights?start_date=2024-11-02&end_date=2025-03-12')).toBe(true);
    await waitFor(() => expect(within(card('Current Weight')).getByText('down 6.0 kg')).toBeInTheDocument());
  });
});

describe('Overview interactions', () => {
  it('opens the entry dialog for the clicked graph point', async () => {
    const { store } = renderOverview({ entries: WEEK, goal: LOSE });
    await userEvent.click(await screen.findByRole('button', { name: 'point 2025-03-10' }));
    expect(store.getState().entryDialog).toEqual({ open: true, editDate: '2025-03-10' });
  });

  it('greets a new user with a calm empty overview and a button to log the first weight', async () => {
    const { store } = renderOverview({ entries: [], goal: null });
    expect(await screen.findByRole('heading', { name: 'Log your first weight' })).toBeInTheDocument();
    for (const title of ['Current Weight', 'This Period Goal', 'Number Of Entries']) {
      expect(within(card(title)).getByText('No data available')).toBeInTheDocument();
    }
    expect(within(goalPanel()).getByText('No goal set')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'This Week Weight Graph' })).toHaveTextContent('No data available');
    expect(screen.queryByTestId('line-chart')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Log weight' }));
    expect(store.getState().entryDialog).toEqual({ open: true, editDate: null });
    expect(store.getState().toasts).toEqual([]);
  });

  it("greets a new user on 'All Time' too, without an error", async () => {
    const { store } = renderOverview({ entries: [], goal: null }, { defaultSelectedPeriod: 'all' });
    expect(await screen.findByRole('heading', { name: 'Log your first weight' })).toBeInTheDocument();
    expect(within(card('Current Weight')).getByText('No data available')).toBeInTheDocument();
    expect(store.getState().toasts).toEqual([]);
  });

  it("toasts 'Failed to fetch data' only when a call really fails", async () => {
    const failing = ['/api/weights'];
    const { store } = renderOverview({ entries: WEEK, goal: LOSE, failing });
    await waitFor(() => expect(store.getState().toasts.map((t) => [t.kind, t.message])).toEqual([['error', 'Failed to fetch data']]));
    // a failed read is not an empty period: no cards of zeros, but what happened and a way to try again
    expect(await screen.findByText("This period's weights could not be loaded.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Number Of Entries' })).toBeNull();
    failing.length = 0;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Number Of Entries' })).toBeInTheDocument();
  });

  it('refreshes when an entry is saved or deleted elsewhere', async () => {
    const backend = { entries: [...WEEK], goal: LOSE };
    const { store, fetchMock } = renderOverview(backend);
    const current = await screen.findByRole('article', { name: 'Current Weight' });
    expect(within(current).getByText('79.0 kg')).toBeInTheDocument();

    // The shell's dialog saves through the same API slice; the mock API then has the new entry.
    const save = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      if (request.method === 'POST') {
        const body = await request.clone().json();
        backend.entries.push(body);
        return new Response(JSON.stringify({ id: 'n', notes: null, ...body }), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        });
      }
      if (request.method === 'DELETE') {
        const date = new URL(request.url).pathname.split('/').pop();
        backend.entries = backend.entries.filter((e) => e.date !== date);
        return new Response(null, { status: 204 });
      }
      return save(input, init);
    });

    await act(() => store.dispatch(api.endpoints.saveWeight.initiate({ date: '2025-03-11', weightKg: 78 })));
    await act(() => store.dispatch(api.endpoints.deleteWeight.initiate('2025-03-12')));
    // Now 80 → 79.5 → 78 (11/03) is the latest: down 2.0 kg over 3 days logged.
    await waitFor(() => expect(within(card('Current Weight')).getByText('78.0 kg')).toBeInTheDocument());
    expect(within(card('Current Weight')).getByText('down 2.0 kg')).toBeInTheDocument();
    expect(card('Number Of Entries')).toHaveTextContent('3 / 7 days');
    // (78 − 82) ÷ (72 − 82) = 40.0 %.
    expect(within(goalPanel()).getByText('40.0%')).toBeInTheDocument();
  });
});
