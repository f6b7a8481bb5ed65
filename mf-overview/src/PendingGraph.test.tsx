import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setPendingEntries } from '@app/kit';
import { freezeToday, renderOverview } from './test/renderOverview';

// jsdom has no canvas: the chart lists its datasets and their points' dates.
vi.mock('react-chartjs-2', () => ({
  Line: (props: { data: { datasets: { label?: string; data: { date: string }[] }[] } }) => (
    <ul data-testid="line-chart">
      {props.data.datasets.map((d) => (
        <li key={d.label}>
          {d.label}: {d.data.map((p) => p.date).join(' ')}
        </li>
      ))}
    </ul>
  ),
}));

beforeEach(() => {
  localStorage.clear();
  freezeToday();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Overview graph with weights logged offline', () => {
  it('draws a weight waiting to be sent, marks it, names it in the description, and drops the mark once sent', async () => {
    const { store } = renderOverview({ entries: [{ date: '2025-03-10', weightKg: 79.5 }], goal: null });
    await screen.findByTestId('line-chart');
    act(() => {
      store.dispatch(setPendingEntries([{ date: '2025-03-12', weightKg: 79.1, notes: '' }]));
    });
    expect(screen.getByText('Weight: 2025-03-10 2025-03-12')).toBeInTheDocument();
    expect(screen.getByText('Waiting to be sent: 2025-03-12')).toBeInTheDocument();
    expect(screen.getByText(/Waiting to be sent, logged offline: 79\.1 kg \(12\/03\/2025\)\./)).toBeInTheDocument();

    act(() => {
      store.dispatch(setPendingEntries([]));
    });
    expect(screen.getByText('Weight: 2025-03-10')).toBeInTheDocument();
    expect(screen.queryByText(/Waiting to be sent/)).toBeNull();
  });
});
