import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_UNAVAILABLE_TITLE } from '@app/kit';
import { makeUser } from './testData';
import { openSettings, renderSettings, toastsOf } from './testUtils';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Settings never read on this device, offline', () => {
  it('says it is offline instead of loading forever, with no error toast', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { store } = renderSettings(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(await screen.findByRole('heading', { name: OFFLINE_UNAVAILABLE_TITLE })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(toastsOf(store)).toEqual([]);
  });

  it('says the Reminders tab is offline when it was never opened with a connection, instead of loading forever', async () => {
    let online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    await openSettings({ user: makeUser(), goal: null }, (call) => {
      if (call.path === '/api/reminders') throw new TypeError('Failed to fetch');
      return undefined;
    });
    online = false;
    window.dispatchEvent(new Event('offline'));
    await userEvent.click(screen.getByRole('tab', { name: 'Reminders' }));
    const panel = screen.getByRole('tabpanel', { name: 'Reminders' });
    expect(await within(panel).findByRole('heading', { name: OFFLINE_UNAVAILABLE_TITLE })).toBeInTheDocument();
    expect(within(panel).queryByText('Loading...')).toBeNull();
  });
});
