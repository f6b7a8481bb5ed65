const FOCUSABLE = 'input, select, textarea, button, a[href], [tabindex]';

/** On the screen: in the page and not inside something hidden (without checkVisibility: no `hidden` around it). */
export function isShown(el: Element | null | undefined): boolean {
  if (!el?.isConnected) return false;
  return typeof (el as HTMLElement).checkVisibility === 'function' ? (el as HTMLElement).checkVisibility() : !el.closest('[hidden]');
}

/** Whether the keyboard's focus has fallen to the page (its control went): nothing else holds it. */
export function focusFellToPage(): boolean {
  const active = document.activeElement;
  return !active || active === document.body;
}

/** Focuses an element, making one that is not a control (a message, a page's content) focusable by script first. */
export function focusElement(el: HTMLElement, options?: FocusOptions): void {
  if (!el.matches(FOCUSABLE)) el.tabIndex = -1;
  el.focus(options);
}
