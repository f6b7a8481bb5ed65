import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nameRemotesInPage } from '../test/pageRemotes';

// The federation runtime stands in for the remotes' servers: it records which screens were asked for.
const runtime = vi.hoisted(() => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));
vi.mock('@module-federation/enhanced/runtime', () => runtime);

async function linksWithIntent() {
  vi.resetModules();
  const { registerRemotesFromServer, loadedScreen } = await import('./remotes');
  await registerRemotesFromServer();
  const { screenIntent } = await import('./screenIntent');
  render(
    <nav>
      <a href="/dashboard/analytics" {...screenIntent('/dashboard/analytics')}>
        Analytics
      </a>
      <a href="/dashboard/settings" {...screenIntent('/dashboard/settings')}>
        Settings
      </a>
      <a href="/" {...screenIntent('/')}>
        Home
      </a>
    </nav>,
  );
  return { loadedScreen };
}

let unname = () => {};
beforeEach(() => {
  unname = nameRemotesInPage(['analytics', 'settings']);
  runtime.loadRemote.mockReset();
  runtime.loadRemote.mockImplementation(async (id: string) => ({ default: () => <p>{id}</p> }));
});

afterEach(() => unname());

describe('screenIntent', () => {
  it('starts loading the screen when the pointer reaches its link, once', async () => {
    const { loadedScreen } = await linksWithIntent();
    await userEvent.hover(screen.getByRole('link', { name: 'Analytics' }));
    await waitFor(() => expect(loadedScreen('mf_analytics/Analytics')).toBeDefined());
    expect(runtime.loadRemote).toHaveBeenCalledWith('mf_analytics/Analytics');

    await userEvent.unhover(screen.getByRole('link', { name: 'Analytics' }));
    await userEvent.hover(screen.getByRole('link', { name: 'Analytics' }));
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
  });

  it('starts loading the screen when the keyboard focuses its link', async () => {
    const { loadedScreen } = await linksWithIntent();
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveFocus();
    await waitFor(() => expect(loadedScreen('mf_settings/Settings')).toBeDefined());
  });

  it('asks for nothing on a link to a page of the shell', async () => {
    await linksWithIntent();
    await userEvent.hover(screen.getByRole('link', { name: 'Home' }));
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });
});
