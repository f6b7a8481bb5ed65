import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openEntryDialog, todayString, type RootState } from '@app/kit';
import { apiError, installFetchMock, json, type MockHandler } from '../../../kit/src/test/fetchMock';
import { renderRoutes, signedIn } from '../test/renderWithStore';
import { Toaster } from '../toasts/Toaster';
import { EntryDialog } from './EntryDialog';

function setup(handler: MockHandler, preloaded: Partial<RootState> = signedIn()) {
  const mock = installFetchMock(handler);
  const view = renderRoutes([{ path: '/', element: <p>page</p> }], '/', preloaded, <><EntryDialog /><Toaster /></>);
  return { ...mock, ...view };
}

const latest = (kg: number): MockHandler => (call) => {
  if (call.path === '/api/weights/latest') return json(200, { id: 'e1', date: '2025-01-01', weightKg: kg, notes: null });
  if (call.method === 'POST' && call.path === '/api/weights') return json(201, { id: 'e2', ...JSON.parse(String(call.body)) });
  return apiError(404, 'Not found');
};

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('EntryDialog', () => {
  it('opens prefilled with the latest weight, today and empty notes', async () => {
    const { store } = setup(latest(72.5));
    act(() => void store.dispatch(openEntryDialog()));
    expect(screen.getByRole('dialog', { name: 'Weight Entry' })).toBeInTheDocument();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByLabelText('Weight (kg)')).toHaveValue(72.5);
    expect(screen.getByLabelText('Date')).toHaveValue(todayString());
    expect(screen.getByLabelText('Notes')).toHaveValue('');
    expect(screen.getByText('0/255')).toBeInTheDocument();
  });

  it('shows and sends weights in the user unit, converted to kg', async () => {
    const prefs = { ...signedIn(), preferences: { unit: 'IMPERIAL', defaultSelectedPeriod: 'week', alignToCalendar: true, weekStartsOn: 0, themeColor: '#3ab0b9' } } as Partial<RootState>;
    const { store, calls } = setup(latest(80), prefs);
    act(() => void store.dispatch(openEntryDialog()));
    const weight = await screen.findByLabelText('Weight (lb)');
    expect(weight).toHaveValue(176.4);
    await userEvent.clear(weight);
    await userEvent.type(weight, '200');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Logged new weight entry');
    const post = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(String(post.body))).toEqual({ weightKg: 200 / 2.20462, date: todayString() });
  });

  it('starts blank with today when the latest lookup fails', async () => {
    const { store } = setup(() => apiError(500, 'boom'));
    act(() => void store.dispatch(openEntryDialog()));
    expect(await screen.findByLabelText('Weight (kg)')).toHaveValue(null);
    expect(screen.getByLabelText('Date')).toHaveValue(todayString());
  });

  it('loads the entry of the date it was opened for', async () => {
    const { store } = setup((call) =>
      call.path === '/api/weights/date/2025-03-02'
        ? json(200, { id: 'e1', date: '2025-03-02', weightKg: 70, notes: 'after run' })
        : apiError(404, 'Not found'),
    );
    act(() => void store.dispatch(openEntryDialog({ editDate: '2025-03-02' })));
    expect(await screen.findByLabelText('Weight (kg)')).toHaveValue(70);
    expect(screen.getByLabelText('Date')).toHaveValue('2025-03-02');
    expect(screen.getByLabelText('Notes')).toHaveValue('after run');
    expect(screen.getByText('9/255')).toBeInTheDocument();
  });

  it('shows server field errors under their fields and general ones above; editing clears a field error', async () => {
    const { store } = setup((call) =>
      call.method === 'POST'
        ? apiError(422, 'Validation failed', [
            { field: 'weightKg', issue: 'Weight must be below 1000 kg' },
            { field: 'general', issue: 'Check the highlighted fields' },
          ])
        : apiError(404, 'Not found'),
    );
    act(() => void store.dispatch(openEntryDialog()));
    const weight = await screen.findByLabelText('Weight (kg)');
    await userEvent.type(weight, '1200');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Weight must be below 1000 kg')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Check the highlighted fields');
    expect(weight).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(weight, '1');
    expect(screen.queryByText('Weight must be below 1000 kg')).not.toBeInTheDocument();
  });

  it('validates before sending: a required weight and at most 255 characters of notes', async () => {
    const { store, calls } = setup(() => apiError(404, 'Not found'));
    act(() => void store.dispatch(openEntryDialog()));
    await screen.findByLabelText('Weight (kg)');
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'x'.repeat(256) } });
    expect(screen.getByText('256/255')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Weight is required')).toBeInTheDocument();
    expect(screen.getByText('Notes must be at most 255 characters')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('closes on Cancel, Escape and a click on the backdrop', async () => {
    const { store } = setup(latest(70));
    act(() => void store.dispatch(openEntryDialog()));
    await screen.findByLabelText('Weight (kg)');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() => void store.dispatch(openEntryDialog()));
    await screen.findByLabelText('Weight (kg)');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() => void store.dispatch(openEntryDialog()));
    await screen.findByLabelText('Weight (kg)');
    fireEvent.mouseDown(screen.getByRole('dialog').parentElement!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps keyboard focus inside while open', async () => {
    const { store } = setup(latest(70));
    act(() => void store.dispatch(openEntryDialog()));
    await screen.findByLabelText('Weight (kg)');
    const dialog = screen.getByRole('dialog');
    for (let i = 0; i < 8; i++) {
      await userEvent.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });
});
