import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { showToast, TOAST_MS } from '@app/kit';
import { renderRoutes, signedIn } from '../test/renderWithStore';
import { Toaster } from './Toaster';

describe('Toaster', () => {
  it('shows at most three toasts, newest on top, in a live region screen readers announce', () => {
    const { store } = renderRoutes([{ path: '/', element: <p>page</p> }], '/', signedIn(), <Toaster />);
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region).toHaveAttribute('aria-live', 'polite');
    act(() => {
      store.dispatch(showToast('Logged new weight entry', 'success'));
      store.dispatch(showToast('Entry deleted successfully', 'success'));
      store.dispatch(showToast('Failed to delete entry', 'error'));
      store.dispatch(showToast('Saved changes successfully', 'success'));
    });
    const shown = [...region.querySelectorAll('.toast')].map((t) => t.textContent?.replace('×', ''));
    expect(shown).toEqual(['Saved changes successfully', 'Failed to delete entry', 'Entry deleted successfully']);
    expect(within(region).getByRole('alert')).toHaveTextContent('Failed to delete entry');
    expect(document.activeElement).toBe(document.body);
  });

  it('closes each toast after 2000 ms', () => {
    vi.useFakeTimers();
    try {
      const { store } = renderRoutes([{ path: '/', element: <p>page</p> }], '/', signedIn(), <Toaster />);
      act(() => void store.dispatch(showToast('Logged new weight entry', 'success')));
      expect(screen.getByText('Logged new weight entry')).toBeInTheDocument();
      act(() => void vi.advanceTimersByTime(TOAST_MS - 1));
      expect(screen.getByText('Logged new weight entry')).toBeInTheDocument();
      act(() => void vi.advanceTimersByTime(1));
      expect(screen.queryByText('Logged new weight entry')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
