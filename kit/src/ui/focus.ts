const FOCUSABLE = 'input, select, textarea, button, a[href], [tabindex]';

/** On the screen: in the page and not inside something hidden (a browser without checkVisibility counts it shown). */
export function isShown(el: Element | null | undefined): boolean {
  return !!el && el.isConnected && (typeof (el as HTMLElement).checkVisibility !== 'function' || (el as HTMLElement).checkVisibility());
}

/** Focuses an element, making one that is not a control (a message, a page's content) focusable by script first. */
export function focusElement(el: HTMLElement, options?: FocusOptions): void {
  if (!el.matches(FOCUSABLE)) el.tabIndex = -1;
  el.focus(options);
}
