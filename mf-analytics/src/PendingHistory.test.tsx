import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setPendingEntries } from '@app/kit';
import { apiError, installFetchMock, json, type MockCall } from '@app/kit/testing';
import { entry, renderAnalytics } from './test/renderAnalytics';

vi.mock('react-chartjs-2', async () => ({ Line: (await import('./test/chartMock')).LineMock }));

// Wednesday 12 March 2025: the calendar week (Sunday start) is 9–15 March.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 2, 12, 9));
  localStorage.clear();
  installFetchMock((call: MockCall) => {
    if (call.path === '/api/weights/earliest') return apiError(404, 'Not found');
    if (call.path.startsWith('/api/weights')) return json(200, [entry('2025-03-10', 80.4, 'gym'), entry('2025-03-11', 80.1)]);
    return apiError(404, 'Not found');
  }, 'http://localhost:3000/dashboard/analytics');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const bodyRows = () => within(screen.getAllByRole('rowgroup')[1]!).queryAllByRole('row');
const cells = () =>
  bodyRows().map((row) =>
    within(row)
      .getAllByRole('cell')
      .slice(0, 3)
      .map((c) => c.textContent),
  );

describe('weights logged offline in the history', () => {
  it('shows a waiting weight as its own row, or in place of the saved weight of its day, marked "Waiting to be sent"', async () => {
    const { store } = renderAnalytics();
    await screen.findByText('2 entries');
    act(() => {
      store.dispatch(
        setPendingEntries([
          { date: '2025-03-12', weightKg: 79.8, notes: '' },
          { date: '2025-03-10', weightKg: 80.0, notes: 'gym, offline' },
          // another period's: not in this week's history
          { date: '2025-03-01', weightKg: 81 },
        ]),
      );
    });
    expect(screen.getByText('3 entries')).toBeInTheDocument();
    expect(cells()).toEqual([
      ['12/03/2025', '79.8', 'Waiting to be sentNo notes'],
      ['11/03/2025', '80.1', 'No notes'],
      ['10/03/2025', '80.0', 'Waiting to be sentgym, offline'],
    ]);
    // nothing on the server to delete yet; the saved day keeps its delete button
    expect(within(bodyRows()[0]!).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(within(bodyRows()[1]!).getByRole('button', { name: 'Delete entry for 11/03/2025' })).toBeInTheDocument();
    expect(bodyRows()[0]).toHaveClass('an-row--waiting');
    // the graph draws them too, with their legend entry
    expect(await screen.findByTestId('line-chart')).toHaveAttribute('data-points', '3');
    expect(screen.getByTestId('line-chart').getAttribute('data-lines')).toContain('Waiting to be sent');
  });

  it('keeps the saved weight of a day whose offline weight was refused, and says it was not saved and why', async () => {
    const { store } = renderAnalytics();
    await screen.findByText('2 entries');
    act(() => {
      store.dispatch(
        setPendingEntries([
          { date: '2025-03-11', weightKg: 5000, refused: 'Weight must be at most 500 kg.' },
          { date: '2025-03-12', weightKg: 4000, refused: 'Weight must be at most 500 kg.' },
        ]),
      );
    });
    expect(cells()).toEqual([
      ['12/03/2025', '4000.0', 'Not saved 4000.0 kg logged offline: Weight must be at most 500 kg.No notes'],
      ['11/03/2025', '80.1', 'Not saved 5000.0 kg logged offline: Weight must be at most 500 kg.No notes'],
      ['10/03/2025', '80.4', 'gym'],
    ]);
    expect(bodyRows()[1]).toHaveClass('an-row--refused');
    // a refused weight is not drawn
    expect(await screen.findByTestId('line-chart')).toHaveAttribute('data-points', '2');
  });

  it('shows an ordinary row once the weight is sent', async () => {
    const { store } = renderAnalytics();
    await screen.findByText('2 entries');
    act(() => {
      store.dispatch(setPendingEntries([{ date: '2025-03-11', weightKg: 79.9 }]));
    });
    expect(cells()[0]?.[2]).toContain('Waiting to be sent');
    act(() => {
      store.dispatch(setPendingEntries([]));
    });
    // neither in the history nor in the graph's legend
    expect(screen.queryAllByText('Waiting to be sent')).toHaveLength(0);
    expect(cells()[0]).toEqual(['11/03/2025', '80.1', 'No notes']);
  });
});
