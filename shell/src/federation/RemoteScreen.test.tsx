import { useLayoutEffect } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nameRemotesInPage } from '../test/pageRemotes';
import { SLOW_SCREEN_MS } from './RemoteScreen';

// The federation runtime stands in for the remotes' servers: which screen each load hands back, or that it failed.
const runtime = vi.hoisted(() => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));
vi.mock('@module-federation/enhanced/runtime', () => runtime);

const ANALYTICS = 'mf_analytics/Analytics';
const SETTINGS = 'mf_settings/Settings';

/** Records what the screen shows at each commit of the tree around it (its parent's renders: a route changing). */
function Commits({ children, log }: { children: React.ReactNode; log: string[] }) {
  return (
    <>
      <div data-testid="shown">{children}</div>
      <Probe log={log} />
    </>
  );
}

function Probe({ log }: { log: string[] }) {
  useLayoutEffect(() => {
    log.push(document.querySelector('[data-testid="shown"]')?.textContent ?? '');
  });
  return null;
}

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
  unname = nameRemotesInPage(['analytics', 'settings']);
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

  it('offers Retry beside Loading... when a screen takes long, and a retry that loads it shows it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      // the first load never answers (a server that stalls); the retry does
      runtime.loadRemote.mockReturnValueOnce(new Promise(() => {})).mockResolvedValue({ default: () => <h1>Analytics screen</h1> });
      const { RemoteScreen } = await freshShell();
      render(<RemoteScreen id={ANALYTICS} title="Analytics" props={{}} />);
      expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(SLOW_SCREEN_MS));
      expect(screen.getByRole('status')).toHaveTextContent('Loading...');
      expect(screen.getByText(/Analytics is taking longer than usual to load/)).toBeInTheDocument();
      await act(async () => screen.getByRole('button', { name: 'Retry' }).click());
      expect(await screen.findByRole('heading', { name: 'Analytics screen' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it("marks the page's first screen on the page once it is drawn, not while Loading... shows", async () => {
    performance.clearMarks();
    runtime.loadRemote.mockResolvedValue({ default: () => <h1>Analytics screen</h1> });
    const { RemoteScreen } = await freshShell();
    render(<RemoteScreen id={ANALYTICS} title="Analytics" props={{}} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(performance.getEntriesByName('weightwise:screen', 'mark')).toHaveLength(0);
    await screen.findByRole('heading', { name: 'Analytics screen' });
    expect(performance.getEntriesByName('weightwise:screen', 'mark')).toHaveLength(1);
    performance.clearMarks();
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
      expect(await screen.findByRole('heading', { name: 'Analytics is unavailable right now', level: 1 })).toBeInTheDocument();
      expect(loadedScreen(ANALYTICS)).toBeUndefined();
      // a Retry that fails again gives the focus back to the panel, not to the top of the page
      await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
      await waitFor(() => expect(screen.getByRole('heading', { name: 'Analytics is unavailable right now' })).toHaveFocus());

      runtime.loadRemote.mockResolvedValue({ default: () => <h1>Analytics screen</h1> });
      await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
      expect(await screen.findByRole('heading', { name: 'Analytics screen' })).toBeInTheDocument();
      expect(loadedScreen(ANALYTICS)).toBeDefined();
    } finally {
      warn.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it('kept from one screen to the next, as the router keeps it, shows neither the last screen nor its crash', async () => {
    let analyticsBroken = true;
    function Analytics(): React.ReactElement {
      if (analyticsBroken) throw new Error('a bug in this release');
      return <h1>Analytics screen</h1>;
    }
    runtime.loadRemote.mockImplementation(async (id: string) =>
      id === ANALYTICS ? { default: Analytics } : { default: () => <h1>Settings screen</h1> },
    );
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { RemoteScreen, loadScreen } = await freshShell();
      const log: string[] = [];
      // the route's screen, as the router swaps it inside the same RemoteScreen
      const route = (id: string, title: string) => (
        <Commits log={log}>
          <RemoteScreen id={id} title={title} props={{}} />
        </Commits>
      );
      const view = render(route(ANALYTICS, 'Analytics'));
      expect(await screen.findByRole('heading', { name: 'Analytics is unavailable right now' })).toBeInTheDocument();

      // the next screen, not yet loaded: its first commit shows Loading..., not the last screen's panel
      log.length = 0;
      view.rerender(route(SETTINGS, 'Settings'));
      expect(log[0]).toBe('Loading...');
      expect(await screen.findByRole('heading', { name: 'Settings screen' })).toBeInTheDocument();

      // back to the first, loaded and fixed in the meantime: its first commit draws it, not the screen before it
      analyticsBroken = false;
      await act(() => loadScreen(ANALYTICS));
      log.length = 0;
      view.rerender(route(ANALYTICS, 'Analytics'));
      expect(log[0]).toBe('Analytics screen');
    } finally {
      error.mockRestore();
    }
  });
});
