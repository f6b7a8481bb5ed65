import { useCallback, useEffect, useRef } from 'react';
import { focusElement, focusFellToPage } from './focus';

/** Where a screen's read is: on its way, refused, or shown. */
export type LoadPhase = 'loading' | 'failed' | 'ready';

/**
 * Retry swaps its own panel for "Loading...", which takes the keyboard's focus to the top of the page. When the read
 * settles, the focus comes back: to Retry if it failed again, else to the screen's heading (`landing`), so the next Tab
 * goes on from where the user was. Only when nothing else has the focus meanwhile: a click elsewhere keeps its place.
 */
export function useRetryFocus<Landing extends HTMLElement = HTMLHeadingElement>(phase: LoadPhase) {
  const retried = useRef(false);
  const button = useRef<HTMLButtonElement>(null);
  const landing = useRef<Landing>(null);

  useEffect(() => {
    if (!retried.current || phase === 'loading') return;
    retried.current = false;
    if (!focusFellToPage()) return;
    const target = phase === 'failed' ? button.current : landing.current;
    if (target?.isConnected) focusElement(target);
  }, [phase]);

  const retry = useCallback(
    (again: () => void) => () => {
      retried.current = true;
      again();
    },
    [],
  );

  return { button, landing, retry };
}
