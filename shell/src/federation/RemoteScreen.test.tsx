import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nameRemotesInPage } from '../test/pageRemotes';

// The federation runtime stands in for the remotes' servers: which screen each load hands back, or that it failed.
const runtime = vi.hoisted(() => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));
vi.mock('@module-federation/enhanced/runtime', () => runtime);

const ANALYTICS = 'mf_analytics/Analytics';

/** A fresh copy of the shell's remote loading (nothing loaded yet) and of RemoteScreen, the page's remotes registered. */
async function freshShell() {
  vi.resetModules();
  const remotes = await import('./remotes');
  // as the shell's first script does: the remotes as the page names them
  await remotes.registerRemotesFromServer();
  const { RemoteScreen } = await import('./RemoteScreen');
  return { ...remotes, RemoteScreen };
}

let unname = () => {};
beforeEach(() => {
  unname = nameRemotesInPage(['analytics']);
  runtime.loadRemote.mockReset();
});

afterEach(() => {
  unname();
  document.title = '';
});

describe('RemoteScreen', () => {
  it('shows Loading... while the remote loads, then its screen', async () => {
    runtime.loadRemote.mockResolvedValue({ default: () => <h1>Analytics screen</h1> });
    const { RemoteScreen } = await freshShell();
    render(<RemoteScreen id={ANALYTICS} title="Analytics" props={{}} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('heading', { name: 'Analytics screen' })).toBeInTheDocument();
    expect(document.title).toContain('Analytics');
  });

  it('draws a screen already loaded in its first render, with no Loading... in between', async () => {
    runtime.loadRemote.mockResolvedValue({ default: () => <h1>Analytics screen</h1> });
    const { RemoteScreen, loadScreen, loadedScreen } = await freshShell();
    expect(loadedScreen(ANALYTICS)).toBeUndefined();
    await act(() => loadScreen(ANALYTICS));
    expect(loadedScreen(ANALYTICS)).toBeDefined();

    render(<RemoteScreen id={ANALYTICS} title="Analytics" props={{}} />);
    // synchronously, before any promise settles
    expect(screen.getByRole('heading', { name: 'Analytics screen' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    // the runtime was asked once, by the early load
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failed load: the panel shows, and Retry loads the screen once the remote is back', async () => {
    runtime.loadRemote.mockRejectedValue(new Error('remote down'));
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ remotes: [] }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const { RemoteScreen, loadedScreen } = await freshShell();
      render(<RemoteScreen id={ANALYTICS} title="Analytics" props={{}} />);
      expect(await screen.findByRole('heading', { name: 'Analytics is unavailable right now' })).toBeInTheDocument();
      expect(loadedScreen(ANALYTICS)).toBeUndefined();

      runtime.loadRemote.mockResolvedValue({ default: () => <h1>Analytics screen</h1> });
      await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
      expect(await screen.findByRole('heading', { name: 'Analytics screen' })).toBeInTheDocument();
      expect(loadedScreen(ANALYTICS)).toBeDefined();
    } finally {
      warn.mockRestore();
      vi.unstubAllGlobals();
    }
  });
});
