import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDaysToDate, openEntryDialog, todayString, type RootState } from '@app/kit';
import { apiError, installFetchMock, json, type MockHandler } from '@app/kit/testing';
import { renderRoutes, signedIn } from '../test/renderWithStore';
import { Toaster } from '../toasts/Toaster';
import { EntryDialog, PLAUSIBILITY_TIMEOUT_MS } from './EntryDialog';

function setup(handler: MockHandler, preloaded: Partial<RootState> = signedIn()) {
  const mock = installFetchMock(handler);
  const view = renderRoutes(
    [{ path: '/', element: <p>page</p> }],
    '/',
    preloaded,
    <>
      <EntryDialog />
      <Toaster />
    </>,
  );
  return { ...mock, ...view };
}

const latest =
  (kg: number): MockHandler =>
  (call) => {
    if (call.path === '/api/weights/latest?none=null') return json(200, { id: 'e1', date: '2025-01-01', weightKg: kg, notes: null });
    if (call.method === 'POST' && call.path === '/api/weights') return json(201, { id: 'e2', ...JSON.parse(String(call.body)) });
    return apiError(404, 'Not found');
  };

/** Signed in, with weights in pounds. */
const inPounds = () =>
  ({
    ...signedIn(),
    preferences: { unit: 'IMPERIAL', defaultSelectedPeriod: 'week', alignToCalendar: true, weekStartsOn: 0, themeColor: '#3ab0b9' },
  }) as Partial<RootState>;

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
    const prefs = inPounds();
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

  it('editing only the notes of an entry shown in pounds saves its weight as stored, not as rounded', async () => {
    const prefs = inPounds();
    const { store, calls } = setup((call) => {
      if (call.path === '/api/weights/date/2025-03-02?none=null')
        return json(200, { id: 'e1', date: '2025-03-02', weightKg: 80, notes: null });
      if (call.method === 'GET' && call.path.startsWith('/api/weights?')) return json(200, []);
      if (call.method === 'POST') return json(201, { id: 'e1', ...JSON.parse(String(call.body)) });
      return apiError(404, 'Not found');
    }, prefs);
    act(() => void store.dispatch(openEntryDialog({ editDate: '2025-03-02' })));
    expect(await screen.findByLabelText('Weight (lb)')).toHaveValue(176.4);
    await userEvent.type(screen.getByLabelText('Notes'), 'after a run');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')!.body))).toEqual({
      weightKg: 80,
      date: '2025-03-02',
      notes: 'after a run',
    });
  });

  it('starts blank with today when the latest lookup fails', async () => {
    const { store } = setup(() => apiError(500, 'boom'));
    act(() => void store.dispatch(openEntryDialog()));
    expect(await screen.findByLabelText('Weight (kg)')).toHaveValue(null);
    expect(screen.getByLabelText('Date')).toHaveValue(todayString());
  });

  it('loads the entry of the date it was opened for', async () => {
    const { store } = setup((call) =>
      call.path === '/api/weights/date/2025-03-02?none=null'
        ? json(200, { id: 'e1', date: '2025-03-02', weightKg: 70, notes: 'after run' })
        : apiError(404, 'Not found'),
    );
    act(() => void store.dispatch(openEntryDialog({ editDate: '2025-03-02' })));
    expect(await screen.findByLabelText('Weight (kg)')).toHaveValue(70);
    expect(screen.getByLabelText('Date')).toHaveValue('2025-03-02');
    expect(screen.getByLabelText('Notes')).toHaveValue('after run');
    expect(screen.getByText('9/255')).toBeInTheDocument();
  });

  it('Add Log on a day that has an entry opens as always, says saving replaces it; the toast says so', async () => {
    const today = todayString();
    const yesterday = addDaysToDate(today, -1);
    const { store, calls } = setup((call) => {
      if (call.path === '/api/weights/latest?none=null')
        return json(200, { id: 'e1', date: today, weightKg: 80.4, notes: 'morning, after run' });
      if (call.path === `/api/weights/date/${today}?none=null`)
        return json(200, { id: 'e1', date: today, weightKg: 80.4, notes: 'morning, after run' });
      if (call.method === 'POST') return json(201, { id: 'e1', ...JSON.parse(String(call.body)) });
      return apiError(404, 'Not found');
    });
    act(() => void store.dispatch(openEntryDialog()));
    // the latest weight, today and empty notes, though today has notes: the warning names what saving replaces
    expect(await screen.findByLabelText('Weight (kg)')).toHaveValue(80.4);
    expect(screen.getByLabelText('Notes')).toHaveValue('');
    const [d, m, y] = [today.slice(8), today.slice(5, 7), today.slice(0, 4)];
    expect(screen.getByText(`${d}/${m}/${y} already has an entry (80.4 kg, with notes). Saving replaces it.`)).toBeInTheDocument();
    expect(screen.getByLabelText('Date')).toHaveAccessibleDescription(expect.stringContaining('Saving replaces it.'));

    // another day, with no entry: the notes of today do not travel along, the latest weight comes back
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: yesterday } });
    await waitFor(() => expect(screen.getByLabelText('Notes')).toHaveValue(''));
    expect(screen.queryByText(/Saving replaces it/)).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: today } });
    expect(await screen.findByText(/Saving replaces it/)).toBeInTheDocument();
    // a day chosen in the dialog shows its entry, so the person can keep its notes
    expect(screen.getByLabelText('Notes')).toHaveValue('morning, after run');

    await userEvent.clear(screen.getByLabelText('Weight (kg)'));
    await userEvent.type(screen.getByLabelText('Weight (kg)'), '80.1');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Logged new weight entry')).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')!.body))).toEqual({
      weightKg: 80.1,
      date: today,
      notes: 'morning, after run',
    });
  });

  it('a typed weight and notes stay when the date moves to a day with an entry', async () => {
    const { store } = setup((call) => {
      if (call.path === '/api/weights/latest?none=null') return json(200, { id: 'e1', date: '2025-01-01', weightKg: 80, notes: null });
      if (call.path === '/api/weights/date/2025-03-02?none=null')
        return json(200, { id: 'e2', date: '2025-03-02', weightKg: 70, notes: 'old' });
      return apiError(404, 'Not found');
    });
    act(() => void store.dispatch(openEntryDialog()));
    const weight = await screen.findByLabelText('Weight (kg)');
    await userEvent.clear(weight);
    await userEvent.type(weight, '71.5');
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2025-03-02' } });
    expect(await screen.findByText('02/03/2025 already has an entry (70.0 kg, with notes). Saving replaces it.')).toBeInTheDocument();
    expect(weight).toHaveValue(71.5);
    expect(screen.getByLabelText('Notes')).toHaveValue('old');
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
    // a weight the form accepts; the server refuses it anyway (its word is final)
    await userEvent.type(weight, '120');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Weight must be below 1000 kg')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Check the highlighted fields');
    expect(weight).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(weight, '1');
    expect(screen.queryByText('Weight must be below 1000 kg')).not.toBeInTheDocument();
  });

  it('refuses before sending what the server would refuse, in its words', async () => {
    const { store, calls } = setup(() => apiError(404, 'Not found'));
    act(() => void store.dispatch(openEntryDialog()));
    const weight = await screen.findByLabelText('Weight (kg)');
    await userEvent.type(weight, '1200');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Weight must be greater than 0 and less than 1000 kg')).toBeInTheDocument();
    await userEvent.clear(weight);
    await userEvent.type(weight, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Weight must be greater than 0 and less than 1000 kg')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('says the weight limit in pounds to someone who types in pounds', async () => {
    const prefs = inPounds();
    const { store, calls } = setup(latest(80), prefs);
    act(() => void store.dispatch(openEntryDialog()));
    const weight = await screen.findByLabelText('Weight (lb)');
    await userEvent.clear(weight);
    await userEvent.type(weight, '2205');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Weight must be greater than 0 and at most 2204.6 lb')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
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

  it('reads the notes count with the field and announces only the last characters left', async () => {
    const { store } = setup(() => apiError(404, 'Not found'));
    act(() => void store.dispatch(openEntryDialog()));
    await screen.findByLabelText('Weight (kg)');
    const notes = screen.getByLabelText('Notes');
    fireEvent.change(notes, { target: { value: 'x'.repeat(12) } });
    const count = screen.getByText('12/255');
    expect(notes).toHaveAccessibleDescription('12/255');
    // the count itself is no live region: it would be read out after every keystroke
    expect(count.closest('[aria-live]')).toBeNull();
    const live = [...document.querySelectorAll('[aria-live]')].map((el) => el.textContent).join('|');
    expect(live).not.toMatch(/characters?/);
    fireEvent.change(notes, { target: { value: 'x'.repeat(240) } });
    expect(screen.getByText('15 characters left').closest('[aria-live]')).not.toBeNull();
    fireEvent.change(notes, { target: { value: 'x'.repeat(257) } });
    expect(screen.getByText('2 characters too many').closest('[aria-live]')).not.toBeNull();
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

  it('holds focus from the moment it opens, through Loading..., then starts on the weight', async () => {
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    const { store } = setup(async (call) => {
      await held;
      return latest(70)(call);
    });
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    act(() => void store.dispatch(openEntryDialog()));
    const dialog = screen.getByRole('dialog');
    await screen.findByText('Loading...');
    expect(document.activeElement).toBe(dialog);
    await userEvent.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    answer();
    expect(await screen.findByLabelText('Weight (kg)')).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
    opener.remove();
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

  describe('plausibility check before saving', () => {
    const today = todayString();
    /** Ten daily readings of 80 kg up to yesterday: trend 80 kg. */
    const history = Array.from({ length: 10 }, (_, i) => ({
      id: `h${i}`,
      date: addDaysToDate(today, -(i + 1)),
      weightKg: 80,
      notes: null,
    }));
    const withHistory =
      (entries: unknown[] | null = history): MockHandler =>
      (call) => {
        if (call.method === 'GET' && call.path.startsWith('/api/weights?'))
          return entries ? json(200, entries) : apiError(404, 'Not found');
        return latest(80)(call);
      };
    const posted = (calls: Array<{ method: string; body: unknown }>) =>
      calls.filter((c) => c.method === 'POST').map((c) => JSON.parse(String(c.body)) as { weightKg: number; date: string });
    const IMPERIAL = {
      ...signedIn(),
      preferences: {
        unit: 'IMPERIAL',
        defaultSelectedPeriod: 'week',
        alignToCalendar: true,
        weekStartsOn: 0,
        themeColor: '#3ab0b9',
        showTrend: true,
      },
    } as Partial<RootState>;

    async function enter(value: string, label = 'Weight (kg)') {
      const weight = await screen.findByLabelText(label);
      await userEvent.clear(weight);
      await userEvent.type(weight, value);
      await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
      return weight;
    }

    it('asks about 176 kg against an 80 kg history, suggesting 79.8 kg, and asks for the last 60 days', async () => {
      const { store, calls } = setup(withHistory());
      act(() => void store.dispatch(openEntryDialog()));
      await enter('176');
      const prompt = await screen.findByRole('alertdialog', { name: 'Check this weight' });
      // 80 × 2.20462 = 176.37 ≈ 176 → 176 / 2.20462 = 79.83 kg
      expect(prompt).toHaveAccessibleDescription(
        '176.0 kg is far from your recent trend of 80.0 kg. Did you mean 79.8 kg (you may have entered pounds)?',
      );
      expect(within(prompt).getByRole('button', { name: 'Use 79.8 kg' })).toHaveFocus();
      expect(within(prompt).getByRole('button', { name: 'Save 176.0 kg anyway' })).toBeInTheDocument();
      expect(within(prompt).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
      expect(posted(calls)).toEqual([]);
      const lookup = calls.find((c) => c.path.startsWith('/api/weights?'))!;
      expect(lookup.path).toBe(`/api/weights?start_date=${addDaysToDate(today, -60)}&end_date=${today}`);
    });

    it("'Save anyway' saves what was typed", async () => {
      const { store, calls } = setup(withHistory());
      act(() => void store.dispatch(openEntryDialog()));
      await enter('176');
      await userEvent.click(await screen.findByRole('button', { name: 'Save 176.0 kg anyway' }));
      await screen.findByText('Logged new weight entry');
      expect(posted(calls)).toEqual([{ weightKg: 176, date: today }]);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it("'Use' puts the suggestion in the field and saves it", async () => {
      const { store, calls } = setup(withHistory());
      act(() => void store.dispatch(openEntryDialog()));
      await enter('176');
      await userEvent.click(await screen.findByRole('button', { name: 'Use 79.8 kg' }));
      await screen.findByText('Logged new weight entry');
      expect(posted(calls)).toEqual([{ weightKg: 79.8, date: today }]);
    });

    it("'Edit' closes the question and returns to the weight field; typing again asks again only if still odd", async () => {
      const { store, calls } = setup(withHistory());
      act(() => void store.dispatch(openEntryDialog()));
      const weight = await enter('800');
      const prompt = await screen.findByRole('alertdialog');
      expect(prompt).toHaveAccessibleDescription(expect.stringContaining('Did you mean 80.0 kg (the decimal point may be misplaced)?'));
      await userEvent.click(within(prompt).getByRole('button', { name: 'Edit' }));
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(weight).toHaveFocus();
      await userEvent.clear(weight);
      await userEvent.type(weight, '80.4');
      await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
      await screen.findByText('Logged new weight entry');
      expect(posted(calls)).toEqual([{ weightKg: 80.4, date: today }]);
    });

    it('a plausible weight saves at once, without a question', async () => {
      const { store, calls } = setup(withHistory());
      act(() => void store.dispatch(openEntryDialog()));
      await enter('79.6');
      await screen.findByText('Logged new weight entry');
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(posted(calls)).toEqual([{ weightKg: 79.6, date: today }]);
    });

    it('flags a weight far from the trend without a suggestion', async () => {
      const { store, calls } = setup(withHistory());
      act(() => void store.dispatch(openEntryDialog()));
      await enter('90');
      const prompt = await screen.findByRole('alertdialog');
      expect(prompt).toHaveAccessibleDescription('90.0 kg is far from your recent trend of 80.0 kg. Please check it before saving.');
      expect(within(prompt).queryByRole('button', { name: /^Use/ })).not.toBeInTheDocument();
      await userEvent.click(within(prompt).getByRole('button', { name: 'Save 90.0 kg anyway' }));
      await screen.findByText('Logged new weight entry');
      expect(posted(calls)).toEqual([{ weightKg: 90, date: today }]);
    });

    it('an imperial user typing 80 lb against 80 kg is asked about a unit mix-up, suggesting 176.4 lb', async () => {
      const { store, calls } = setup(withHistory(), IMPERIAL);
      act(() => void store.dispatch(openEntryDialog()));
      await enter('80', 'Weight (lb)');
      const prompt = await screen.findByRole('alertdialog');
      expect(prompt).toHaveAccessibleDescription(
        '80.0 lb is far from your recent trend of 176.4 lb. Did you mean 176.4 lb (you may have entered kilograms)?',
      );
      await userEvent.click(within(prompt).getByRole('button', { name: 'Use 176.4 lb' }));
      await screen.findByText('Logged new weight entry');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(posted(calls)).toEqual([{ weightKg: 176.4 / 2.20462, date: today }]);
    });

    it('leaves out the entry of the day being edited', async () => {
      // the day being edited holds a wrong 36.3 kg, the three days before it 80 kg: compared with 36.3,
      // 80 would look like a kg/lb mix-up (36.3 × 2.20462 = 80.03); without it, 80 matches the latest weight
      const day = '2025-03-05';
      const entries = [1, 2, 3].map((n) => ({ id: `h${n}`, date: addDaysToDate(day, -n), weightKg: 80, notes: null }));
      entries.push({ id: 'wrong', date: day, weightKg: 36.3, notes: null });
      const { store, calls } = setup((call) => {
        if (call.path === `/api/weights/date/${day}?none=null`) return json(200, entries[3]);
        return withHistory(entries)(call);
      });
      act(() => void store.dispatch(openEntryDialog({ editDate: day })));
      await enter('80');
      await screen.findByText('Logged new weight entry');
      expect(posted(calls)).toEqual([{ weightKg: 80, date: day }]);
    });

    it('a failing history lookup never blocks saving', async () => {
      const { store, calls } = setup(withHistory(null));
      act(() => void store.dispatch(openEntryDialog()));
      await enter('176');
      await screen.findByText('Logged new weight entry');
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(posted(calls)).toEqual([{ weightKg: 176, date: today }]);
    });

    it('a history lookup that never answers is given up after a while', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      try {
        const { store, calls } = setup((call) =>
          call.method === 'GET' && call.path.startsWith('/api/weights?') ? new Promise<Response>(() => {}) : latest(80)(call),
        );
        act(() => void store.dispatch(openEntryDialog()));
        await enter('176');
        // looks disabled, keeps the focus, and a second submit in the meantime saves nothing more
        const busy = screen.getByRole('button', { name: 'Saving...' });
        expect(busy).toHaveAttribute('aria-disabled', 'true');
        fireEvent.submit(busy.closest('form')!);
        await act(async () => {
          await vi.advanceTimersByTimeAsync(PLAUSIBILITY_TIMEOUT_MS);
        });
        await screen.findByText('Logged new weight entry');
        expect(posted(calls)).toEqual([{ weightKg: 176, date: today }]);
      } finally {
        vi.useRealTimers();
      }
    });
  });
});
