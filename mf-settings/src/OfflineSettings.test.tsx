import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_UNAVAILABLE_TITLE } from '@app/kit';
import { renderSettings, toastsOf } from './testUtils';

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
});
