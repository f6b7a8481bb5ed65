// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RouteAnnouncer } from './RouteAnnouncer';

const flush = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

afterEach(() => {
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('RouteAnnouncer', () => {
  it('says nothing for the page the browser loaded, then names each page the app moves to', async () => {
    window.history.replaceState(null, '', '/dashboard/overview');
    render(<RouteAnnouncer />);
    const region = screen.getByTestId('route-announcer');
    expect(region).toHaveAttribute('aria-live', 'polite');
    document.title = 'Overview · Weightwise';
    await flush();
    expect(region).toHaveTextContent('');
    window.history.pushState(null, '', '/dashboard/analytics');
    document.title = 'Analytics · Weightwise';
    await flush();
    expect(region).toHaveTextContent('Analytics · Weightwise');
  });

  it('gives focus to the new page when it was lost on the way, and leaves it where the user put it', async () => {
    window.history.replaceState(null, '', '/login');
    render(
      <>
        <RouteAnnouncer />
        <main>
          <button>Somewhere</button>
        </main>
      </>,
    );
    document.title = 'Sign In · Weightwise';
    await flush();
    (document.activeElement as HTMLElement | null)?.blur();
    window.history.pushState(null, '', '/dashboard/overview');
    document.title = 'Overview · Weightwise';
    await flush();
    const main = document.querySelector('main')!;
    expect(document.activeElement).toBe(main);
    expect(main.tabIndex).toBe(-1);

    screen.getByRole('button', { name: 'Somewhere' }).focus();
    window.history.pushState(null, '', '/dashboard/analytics');
    document.title = 'Analytics · Weightwise';
    await flush();
    expect(screen.getByRole('button', { name: 'Somewhere' })).toHaveFocus();
  });
});
