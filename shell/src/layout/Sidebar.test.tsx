import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { apiError, installFetchMock, json } from '@app/kit/testing';
import { RequireAuth } from '../auth/RequireAuth';
import { loadEntryDialog } from '../entry/lazyEntryDialog';
import { LandingPage } from '../screens/LandingPage';
import { renderRoutes, signedIn } from '../test/renderWithStore';
import { Sidebar } from './Sidebar';

const routes = [
  { path: '/', element: <LandingPage /> },
  {
    path: '/dashboard/overview',
    element: (
      <RequireAuth>
        <Sidebar />
      </RequireAuth>
    ),
  },
  { path: '/login', element: <p>login page</p> },
];

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('Sidebar', () => {
  it('logs out to a landing page already drawn when the URL changes; Back at once asks to sign in', async () => {
    const { calls } = installFetchMock((call) => (call.path === '/api/auth/logout' ? json(204) : apiError(404, 'Not found')));
    const { store, router } = renderRoutes(routes, '/dashboard/overview', signedIn());
    // what is on screen at the moment each URL is taken
    const seen: string[] = [];
    router.subscribe((state) => {
      const onScreen = screen.queryByText('Track your weight.') ? 'landing' : screen.queryByText('login page') ? 'login' : 'dashboard';
      seen.push(`${state.location.pathname} ${onScreen}`);
    });

    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(seen).toEqual(['/ landing']);
    expect(store.getState().auth.accessToken).toBeNull();
    expect(store.getState().auth.loggedOut).toBe(false);

    await router.navigate(-1);
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/dashboard/overview' });
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/auth/logout')).toHaveLength(1));
  });

  it("the phone's menu opens from its button and Escape folds it away, the keyboard back on the button", async () => {
    installFetchMock(() => apiError(404, 'Not found'));
    renderRoutes(routes, '/dashboard/overview', signedIn());
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Menu' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    screen.getByRole('link', { name: 'Analytics' }).focus();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveFocus();
  });

  it("the phone's menu folds away when the keyboard leaves it for the page, and Escape closes it from anywhere", async () => {
    installFetchMock(() => apiError(404, 'Not found'));
    renderRoutes(
      [
        {
          path: '/dashboard/overview',
          element: (
            <RequireAuth>
              <Sidebar />
              <main>
                <button type="button">Show trend</button>
              </main>
            </RequireAuth>
          ),
        },
      ],
      '/dashboard/overview',
      signedIn(),
    );
    // jsdom lays nothing out: the scroll asked for is recorded
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    onTestFinished(() => {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    });
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Menu' });
    await user.click(toggle);
    screen.getByRole('button', { name: 'Log out' }).focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Show trend' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(scrolled).toEqual([screen.getByRole('button', { name: 'Show trend' })]);
    // moving within the menu keeps it open
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    screen.getByRole('link', { name: 'Overview' }).focus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Analytics' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveAttribute('aria-expanded', 'true');
    // Escape while the keyboard is on the page (reached by a pointer) still closes it
    screen.getByRole('button', { name: 'Close' }).blur();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveFocus();
  });

  it("Add Log from the phone's menu leaves the keyboard on the menu's button as the menu folds away and the dialog opens", async () => {
    installFetchMock(() => apiError(404, 'Not found'));
    const { store } = renderRoutes(routes, '/dashboard/overview', signedIn());
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(screen.getByRole('button', { name: 'Add Log' }));
    expect(store.getState().entryDialog.open).toBe(true);
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveFocus();
    // reaching the button started fetching the dialog's code: it settles before the test's page goes away
    await loadEntryDialog();
  });
});
