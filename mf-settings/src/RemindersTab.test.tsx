import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_REMINDER_SETTINGS, type ReminderSettings } from '@app/contract';
import { apiError, json } from '@app/kit/testing';
import { makeUser } from './testData';
import { callsTo, openSettings, toastsOf } from './testUtils';
import { deviceName } from './pushDevice';

const defaults = (): ReminderSettings => ({ ...DEFAULT_REMINDER_SETTINGS, dailyWeekdays: [...DEFAULT_REMINDER_SETTINGS.dailyWeekdays] });

function remindersServer(available = true) {
  let settings = defaults();
  return (call: { method: string; path: string; body?: unknown }) => {
    const route = `${call.method} ${call.path}`;
    const answer = () =>
      json(200, {
        settings,
        push: { available, publicKey: available ? 'BNc-key' : null },
        nextDailyAt: settings.dailyEnabled ? '2025-03-13T07:30:00.000Z' : null,
        nextWeeklyReportAt: null,
      });
    if (route === 'GET /api/reminders') return answer();
    if (route === 'PUT /api/reminders') {
      const body = JSON.parse(String(call.body)) as ReminderSettings;
      if (body.dailyTime === '23:00')
        return apiError(422, 'Validation failed', [
          { field: 'dailyTime', issue: 'Pick a time outside your quiet hours, or turn quiet hours off' },
        ]);
      if (body.dailyEnabled && body.dailyWeekdays.length === 0)
        return apiError(422, 'Validation failed', [{ field: 'dailyWeekdays', issue: 'Choose at least one day' }]);
      settings = body;
      return answer();
    }
    if (route === 'GET /api/push/subscriptions') return json(200, []);
    return undefined;
  };
}

beforeEach(() => localStorage.clear());

describe('Settings → Reminders', () => {
  it('is a tab of its own, with its own Save; the reminder is sent at a time in the user’s time zone', async () => {
    const { calls, store } = await openSettings(
      { user: makeUser({ timeZone: 'Europe/London', weekStartsOn: 1 }), goal: null },
      remindersServer(),
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Reminders' }));
    const panel = screen.getByRole('tabpanel', { name: 'Reminders' });
    await within(panel).findByRole('heading', { name: 'Daily reminder' });
    expect(within(panel).getByText(/Times are in your time zone, Europe\/London/)).toBeInTheDocument();
    // the days follow the user's week: Monday first
    expect(within(panel).getAllByRole('checkbox', { name: /day$/ })[0]).toHaveAccessibleName('Monday');
    expect(within(panel).getByLabelText('Time')).toBeDisabled();

    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Remind me to weigh in' }));
    await userEvent.clear(within(panel).getByLabelText('Time'));
    await userEvent.type(within(panel).getByLabelText('Time'), '06:45');
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Sunday' }));
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Push notification to my devices' }));
    expect(within(panel).getByText('No device gets push notifications yet: turn them on for this device below.')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'E-mail me a weekly report' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Save reminders' }));

    expect(await within(panel).findByText(/Next reminder: Thu 13 Mar at 07:30/)).toBeInTheDocument();
    const put = callsTo(calls, 'PUT', '/api/reminders');
    expect(JSON.parse(String(put[0]!.body))).toEqual({
      ...defaults(),
      dailyEnabled: true,
      dailyTime: '06:45',
      dailyWeekdays: [1, 2, 3, 4, 5, 6],
      dailyPush: true,
      weeklyReportEnabled: true,
    });
    expect(toastsOf(store)).toContain('success: Saved changes successfully');
    // the settings form's own Save and Cancel are not on this tab
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  }, 30_000);

  it("shows the server's reason under the field", async () => {
    await openSettings({ user: makeUser(), goal: null }, remindersServer());
    await userEvent.click(screen.getByRole('tab', { name: 'Reminders' }));
    const panel = screen.getByRole('tabpanel', { name: 'Reminders' });
    await userEvent.click(await within(panel).findByRole('checkbox', { name: 'Remind me to weigh in' }));
    const time = within(panel).getByLabelText('Time');
    await userEvent.clear(time);
    await userEvent.type(time, '23:00');
    await userEvent.click(within(panel).getByRole('button', { name: 'Save reminders' }));
    expect(await within(panel).findByText('Pick a time outside your quiet hours, or turn quiet hours off')).toBeInTheDocument();
    expect(time).toHaveAttribute('aria-invalid', 'true');
    expect(time).toHaveAccessibleDescription('Pick a time outside your quiet hours, or turn quiet hours off');
    expect(time).toHaveFocus();
  }, 30_000);

  it('a reason for a group of checkboxes describes each of them, and the first takes focus', async () => {
    await openSettings({ user: makeUser(), goal: null }, remindersServer());
    await userEvent.click(screen.getByRole('tab', { name: 'Reminders' }));
    const panel = screen.getByRole('tabpanel', { name: 'Reminders' });
    await userEvent.click(await within(panel).findByRole('checkbox', { name: 'Remind me to weigh in' }));
    const days = within(within(panel).getByRole('group', { name: 'Days' })).getAllByRole('checkbox');
    for (const day of days) if ((day as HTMLInputElement).checked) await userEvent.click(day);
    await userEvent.click(within(panel).getByRole('button', { name: 'Save reminders' }));
    expect(await within(panel).findByText('Choose at least one day')).toBeInTheDocument();
    for (const day of days) {
      expect(day).toHaveAttribute('aria-invalid', 'true');
      expect(day).toHaveAccessibleDescription('Choose at least one day');
    }
    expect(days[0]).toHaveFocus();
  }, 30_000);

  it('says when push is not available, on the server or in this browser', async () => {
    await openSettings({ user: makeUser(), goal: null }, remindersServer(false));
    await userEvent.click(screen.getByRole('tab', { name: 'Reminders' }));
    const panel = screen.getByRole('tabpanel', { name: 'Reminders' });
    expect(await within(panel).findByText('Push notifications are not available on this server.')).toBeInTheDocument();
    expect(within(panel).getByRole('checkbox', { name: 'Push notification to my devices' })).toBeDisabled();
  });

  it('names devices from their user agent', () => {
    expect(deviceName('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36')).toBe(
      'Chrome on Linux',
    );
    expect(deviceName('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0')).toBe('Firefox on Windows');
    expect(
      deviceName('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1'),
    ).toBe('Safari on iPhone');
    expect(deviceName('Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/140.0 Safari/537.36 Edg/140.0')).toBe('Edge on Windows');
  });
});
