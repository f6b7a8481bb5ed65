import { useCallback, useEffect, useState, type RefObject } from 'react';
import { focusElement } from './focus';

/**
 * Moves focus to the first field in error within `root` (a screen reader then reads its label and its message), or,
 * when no field is at fault, to the form's alert. Returns whether there was one.
 */
export function focusFirstError(root: ParentNode): boolean {
  const target = root.querySelector<HTMLElement>('[aria-invalid="true"]') ?? root.querySelector<HTMLElement>('[role="alert"]');
  if (!target) return false;
  focusElement(target);
  return true;
}

/**
 * For a form whose submit can fail: call the returned function when it does, and once the errors are on the page the
 * first of them takes focus (focusFirstError), searched for in the form's dialog or page. Otherwise focus stays on the
 * submit button, where nothing is said, or falls to the page when the button was disabled while sending.
 */
export function useFocusError(form: RefObject<HTMLElement | null>): () => void {
  const [request, setRequest] = useState(0);
  useEffect(() => {
    const el = form.current;
    if (!request || !el) return;
    focusFirstError(el.closest('[role="dialog"], [role="alertdialog"], main') ?? el);
  }, [request, form]);
  return useCallback(() => setRequest((n) => n + 1), []);
}
