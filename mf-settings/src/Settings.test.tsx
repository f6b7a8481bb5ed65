import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError } from '@app/kit/testing';
import { makeUser } from './testData';
import { openSettings, renderSettings, toastsOf } from './testUtils';

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 2, 12, 9));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Settings screen', () => {
  it("shows 'Loading...' while loading", async () => {
    renderSettings(() => new Promise(() => {}));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it("toasts 'Failed to fetch data' when loading really fails, never for a missing goal", async () => {
    const { store } = renderSettings((call) => (call.path === '/api/users/me' ? apiError(429, 'Slow down') : apiError(404, 'No goal set')));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch data');
    expect(toastsOf(store)).toEqual(['error: Failed to fetch data']);
  });

  it('has a tablist with arrow-key navigation', async () => {
    await openSettings({ user: makeUser(), goal: null });
    const account = screen.getByRole('tab', { name: 'Account' });
    expect(account).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Account' })).toBeVisible();
    account.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Preferences' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Preferences' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Account' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tabpanel', { name: 'Data' })).toBeVisible();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tabpanel', { name: 'Reminders' })).toBeVisible();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tabpanel', { name: 'Goals' })).toBeVisible();
  });

  it("opens the tab named in '?tab='", async () => {
    const { renderSettingsAt } = await import('./testUtils');
    renderSettingsAt('/dashboard/settings?tab=goals');
    expect(await screen.findByRole('tabpanel', { name: 'Goals' })).toBeVisible();
  });

  it('Cancel reloads the page and puts back the theme in force before', async () => {
    const { reload, store } = await openSettings({ user: makeUser(), goal: null });
    await userEvent.click(screen.getByRole('tab', { name: 'Preferences' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Red' }));
    expect(store.getState().preferences.themeColor).toBe('#ef4444');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(reload).toHaveBeenCalledOnce();
    expect(store.getState().preferences.themeColor).toBe('#3ab0b9');
  });
});
