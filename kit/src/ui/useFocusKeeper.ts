import { useEffect, type RefObject } from 'react';
import { focusElement, focusFellToPage } from './focus';

/**
 * When the control that had the focus inside `container` leaves the page (a removed device's Remove, a list item that
 * goes once the server has answered), the keyboard goes on from what `next` finds there, not from the page's top. A
 * focus the user has put elsewhere meanwhile stays where it is.
 */
export function useFocusKeeper(container: RefObject<HTMLElement | null>, next: (container: HTMLElement) => HTMLElement | null | undefined) {
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    let focused: Element | null = null;
    const onFocusIn = (event: FocusEvent) => {
      focused = event.target as Element;
    };
    const observer = new MutationObserver(() => {
      if (!focused || focused.isConnected) return;
      focused = null;
      if (!focusFellToPage()) return;
      const target = next(root);
      if (target) focusElement(target);
    });
    root.addEventListener('focusin', onFocusIn);
    observer.observe(root, { childList: true, subtree: true });
    return () => {
      root.removeEventListener('focusin', onFocusIn);
      observer.disconnect();
    };
  }, [container, next]);
}
