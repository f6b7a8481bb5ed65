import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeGoal, makeUser } from './testData';
import { callsTo, openSettings, toastsOf } from './testUtils';

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('Goals tab', () => {
  it('shows the saved goal in the user unit, all fields marked required', async () => {
    await openSettings({ user: makeUser({ unitPreference: 'IMPERIAL' }), goal: makeGoal() });
    await userEvent.click(screen.getByRole('tab', { name: 'Goals' }));
    expect(screen.getByLabelText('Starting weight (lb) *')).toHaveDisplayValue('198.4');
    expect(screen.getByLabelText('Target weight (lb) *')).toHaveDisplayValue('176.4');
    expect(screen.getByLabelText('Starting date *')).toHaveValue('2025-01-01');
    expect(screen.getByLabelText('Target date *')).toHaveValue('2025-06-30');
    for (const input of screen.getAllByRole('spinbutton')) if (input.closest('#st-panel-goals')) expect(input).toBeRequired();
  });

  it('lets a user with no goal create one, all four fields required', async () => {
    const { calls, store } = await openSettings({ user: makeUser(), goal: null });
    await userEvent.click(screen.getByRole('tab', { name: 'Goals' }));
    expect(screen.getByLabelText('Starting weight (kg) *')).toHaveValue(null);
    await userEvent.type(screen.getByLabelText('Target weight (kg) *'), '75');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // the first save loads the API's rules (a chunk of its own) before it checks: the messages come once it is in
    expect(await screen.findByText('Starting weight is required', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Starting date is required')).toBeInTheDocument();
    expect(screen.getByText('Target date is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Starting weight (kg) *')).toHaveFocus();
    expect(callsTo(calls, 'PATCH', '/api/goals')).toEqual([]);
    expect(toastsOf(store)).toEqual(['error: Failed to update personal info']);

    await userEvent.type(screen.getByLabelText('Starting weight (kg) *'), '82.5');
    expect(screen.queryByText('Starting weight is required')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Starting date *'), '2025-03-01');
    await userEvent.type(screen.getByLabelText('Target date *'), '2025-09-01');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastsOf(store)).toContain('success: Saved changes successfully'));
    expect(JSON.parse(String(callsTo(calls, 'PATCH', '/api/goals')[0].body))).toEqual({
      startWeightKg: 82.5,
      targetWeightKg: 75,
      startDate: '2025-03-01',
      targetDate: '2025-09-01',
    });
    expect(callsTo(calls, 'PATCH', '/api/users/me')).toEqual([]);
  });

  it('sends only the changed goal field, converted to kg', async () => {
    const { calls, store } = await openSettings({ user: makeUser({ unitPreference: 'IMPERIAL' }), goal: makeGoal() });
    await userEvent.click(screen.getByRole('tab', { name: 'Goals' }));
    const target = screen.getByLabelText('Target weight (lb) *');
    await userEvent.clear(target);
    await userEvent.type(target, '170');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastsOf(store)).toEqual(['success: Saved changes successfully']));
    const body = JSON.parse(String(callsTo(calls, 'PATCH', '/api/goals')[0].body));
    expect(Object.keys(body)).toEqual(['targetWeightKg']);
    expect(body.targetWeightKg).toBeCloseTo(170 / 2.20462, 10);
  });
});
