import { useEffect, type RefObject } from 'react';
import { focusElement, isShown } from '@app/kit';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Where focus goes back when the modal closes: what opened it, or the page's content when that has gone from the
 * screen meanwhile (a row deleted, a menu folded away), rather than the top of the document.
 */
export function returnTarget(opener: HTMLElement | null): HTMLElement | null {
  if (opener && opener !== document.body && isShown(opener)) return opener;
  return document.querySelector<HTMLElement>('main');
}

/**
 * Everything on the page beside the modal, up to the body, becomes inert while it is open: a screen reader's own
 * navigation (by heading, by landmark) cannot wander behind the backdrop either. Live regions stay as they are, so a
 * notification is still read. Returns what it changed, to be given back.
 */
export function makeOutsideInert(container: HTMLElement): HTMLElement[] {
  const changed: HTMLElement[] = [];
  for (let node: HTMLElement | null = container; node && node !== document.body; node = node.parentElement) {
    const parent: HTMLElement | null = node.parentElement;
    if (!parent) break;
    for (const sibling of Array.from(parent.children) as Element[]) {
      if (sibling === node || !(sibling instanceof HTMLElement) || sibling.hasAttribute('inert')) continue;
      if (sibling.matches('script, style, link, [aria-live]')) continue;
      sibling.setAttribute('inert', '');
      changed.push(sibling);
    }
  }
  return changed;
}

/**
 * Keeps Tab inside a modal while it is open and gives focus back to whatever opened it (returnTarget), so
 * keyboard users never end up behind the backdrop, nor at the top of the page.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, active: boolean, onEscape: () => void) {
  useEffect(() => {
    if (!active) return;
    const container = ref.current;
    if (!container) return;
    const opener = document.activeElement as HTMLElement | null;
    const outside = makeOutsideInert(container);
    const focusables = () => Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (!container.contains(document.activeElement)) (focusables()[0] ?? container).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onEscape();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables();
      // nothing to reach yet ("Loading..."): focus stays on the modal itself
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const first = items[0];
      const last = items[items.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      for (const el of outside) el.removeAttribute('inert');
      const back = returnTarget(opener);
      if (back) focusElement(back);
    };
  }, [ref, active, onEscape]);
}
