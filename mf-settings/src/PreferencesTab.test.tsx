import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { THEME_PALETTE } from '@app/kit';
import { makeGoal, makeUser } from './testData';
import { callsTo, openSettings, toastsOf } from './testUtils';

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

async function openPreferences(...args: Parameters<typeof openSettings>) {
  const rendered = await openSettings(...args);
  await userEvent.click(screen.getByRole('tab', { name: 'Preferences' }));
  return rendered;
}

describe('Preferences tab', () => {
  it('offers the 10 named colours with the current one marked, and applies a pick at once', async () => {
    const { store } = await openPreferences({ user: makeUser(), goal: null }, undefined, { themeColor: '#22c55e' });
    const swatches = screen.getAllByRole('radio', { name: new RegExp(THEME_PALETTE.map((c) => `^${c.name}$`).join('|')) });
    expect(swatches.map((s) => s.getAttribute('aria-label'))).toEqual(THEME_PALETTE.map((c) => c.name));
    expect(screen.getByRole('radio', { name: 'Green' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Violet' }));
    expect(store.getState().preferences.themeColor).toBe('#8b5cf6');
    expect(screen.getByRole('radio', { name: 'Violet' })).toBeChecked();
    expect(screen.getByLabelText('Hex color')).toHaveValue('#8b5cf6');
    expect(JSON.parse(localStorage.getItem('preferences')!).themeColor).toBe('#8b5cf6');
  });

  it('a colour tried on and not saved goes back when the person leaves for another screen, or leaves the page', async () => {
    const { store, router } = await openPreferences({ user: makeUser(), goal: null }, undefined, { themeColor: '#22c55e' });
    await userEvent.click(screen.getByRole('radio', { name: 'Violet' }));
    expect(store.getState().preferences.themeColor).toBe('#8b5cf6');
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(localStorage.getItem('preferences')!).themeColor).toBe('#22c55e');
    await userEvent.click(screen.getByRole('radio', { name: 'Violet' }));
    await act(() => router.navigate('/'));
    expect(store.getState().preferences.themeColor).toBe('#22c55e');
  });

  it('a saved colour stays when the person leaves', async () => {
    const { store, router } = await openPreferences({ user: makeUser(), goal: null }, undefined, { themeColor: '#22c55e' });
    await userEvent.click(screen.getByRole('radio', { name: 'Violet' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastsOf(store).length).toBeGreaterThan(0));
    await act(() => router.navigate('/'));
    expect(store.getState().preferences.themeColor).toBe('#8b5cf6');
  });

  it('ten named swatches, the default teal one button away, and says when text uses a deeper shade of the colour', async () => {
    await openPreferences({ user: makeUser(), goal: null });
    // the ten named colours are the only swatches; the teal every account starts with is none of them
    expect(screen.getAllByRole('radio', { name: new RegExp(THEME_PALETTE.map((c) => `^${c.name}$`).join('|')) })).toHaveLength(10);
    expect(screen.getByLabelText('Hex color')).toHaveValue('#3ab0b9');
    expect(screen.getByRole('button', { name: 'Default colour' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('radio', { name: 'Yellow' }));
    expect(screen.getByRole('button', { name: 'Default colour' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('Text and links use a deeper shade of this colour, so they stay readable.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Black' }));
    expect(screen.queryByText(/deeper shade/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Default colour' }));
    expect(screen.getByLabelText('Hex color')).toHaveValue('#3ab0b9');
    expect(screen.getByRole('radio', { name: 'Black' })).not.toBeChecked();
  });

  it('saves the appearance and the time zone to the account, and the appearance applies', async () => {
    const { calls, store } = await openPreferences({ user: makeUser(), goal: null });
    await userEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    await userEvent.selectOptions(screen.getByLabelText('Time zone'), 'Asia/Tokyo');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'PATCH', '/api/users/me')).toHaveLength(1));
    expect(JSON.parse(callsTo(calls, 'PATCH', '/api/users/me')[0]!.body as string)).toEqual({
      colorScheme: 'DARK',
      timeZone: 'Asia/Tokyo',
    });
    await waitFor(() => expect(store.getState().preferences.colorScheme).toBe('DARK'));
  });

  it('validates the hex input: optional #, 3 or 6 digits, at most 7 characters', async () => {
    const { store, calls } = await openPreferences({ user: makeUser(), goal: null });
    const hex = screen.getByLabelText('Hex color');
    expect(hex).toHaveAttribute('maxLength', '7');
    await userEvent.clear(hex);
    await userEvent.type(hex, 'abc');
    expect(store.getState().preferences.themeColor).toBe('#aabbcc');
    await userEvent.clear(hex);
    await userEvent.type(hex, '#12g');
    await userEvent.tab();
    expect(screen.getByText('Invalid hex color format')).toBeInTheDocument();
    expect(hex).toHaveAttribute('aria-invalid', 'true');
    expect(store.getState().preferences.themeColor).toBe('#aabbcc');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    await userEvent.clear(hex);
    await userEvent.type(hex, '#1E90Ff');
    expect(screen.queryByText('Invalid hex color format')).not.toBeInTheDocument();
    expect(store.getState().preferences.themeColor).toBe('#1e90ff');
  });

  it('saves unit and week start to the server and align to calendar on the client', async () => {
    const { calls, store } = await openPreferences({ user: makeUser(), goal: null });
    expect(screen.getByRole('radio', { name: 'Metric (kg, cm)' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Sunday' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'True' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Imperial (lb, ft)' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Monday' }));
    await userEvent.click(screen.getByRole('radio', { name: 'False' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastsOf(store)).toEqual(['success: Saved changes successfully']));
    expect(JSON.parse(String(callsTo(calls, 'PATCH', '/api/users/me')[0].body))).toEqual({ unitPreference: 'IMPERIAL', weekStartsOn: 1 });
    expect(store.getState().preferences).toMatchObject({ unit: 'IMPERIAL', weekStartsOn: 1, alignToCalendar: false });
  });

  it('converts height and goal weights on a unit switch without losing what was typed', async () => {
    await openSettings({ user: makeUser(), goal: makeGoal({ startWeightKg: 90, targetWeightKg: 80 }) });
    const height = screen.getByLabelText('Height (cm)');
    await userEvent.type(height, '180');
    await userEvent.click(screen.getByRole('tab', { name: 'Preferences' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Imperial (lb, ft)' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Account' }));
    expect(screen.getByLabelText('Height (in)')).toHaveDisplayValue('70.9');
    await userEvent.click(screen.getByRole('tab', { name: 'Goals' }));
    expect(screen.getByLabelText('Starting weight (lb) *')).toHaveDisplayValue('198.4');
    expect(screen.getByLabelText('Target weight (lb) *')).toHaveDisplayValue('176.4');
    await userEvent.click(screen.getByRole('tab', { name: 'Preferences' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Metric (kg, cm)' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Account' }));
    expect(screen.getByLabelText('Height (cm)')).toHaveDisplayValue('180.0');
    await userEvent.click(screen.getByRole('tab', { name: 'Goals' }));
    expect(screen.getByLabelText('Starting weight (kg) *')).toHaveDisplayValue('90.0');
  });
});
