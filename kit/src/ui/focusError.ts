import { useCallback, useEffect, useState, type RefObject } from 'react';
import { focusElement, isShown } from './focus';

const firstShown = (root: ParentNode, selector: string) => [...root.querySelectorAll<HTMLElement>(selector)].find(isShown);

/**
 * Marks the line that sums up why a submit failed (what was saved and what was not), for a form whose failures are not
 * always an alert: focus goes there when no field is at fault and there is no alert.
 */
const FAILURE_SUMMARY_ATTR = 'data-failure-summary';
/** Spread on that line: `<p role="status" {...failureSummary}>`. */
export const failureSummary = { [FAILURE_SUMMARY_ATTR]: '' } as const;

/**
 * Moves focus to the first field in error within `root` (a screen reader then reads its label and its message), or,
 * when no field is at fault, to the form's alert, or else to its failure summary. Fields of a hidden tab are passed
 * over. Returns whether there was one.
 */
export function focusFirstError(root: ParentNode): boolean {
  const target =
    firstShown(root, '[aria-invalid="true"]') ??
    firstShown(root, '[role="alert"]') ??
    [...root.querySelectorAll<HTMLElement>(`[${FAILURE_SUMMARY_ATTR}]`)].find((el) => isShown(el) && el.textContent?.trim());
  if (!target) return false;
  // a field that stands in for a hidden one (a file input opened by a button) takes the focus in its place
  const instead = target.getAttribute(FOCUS_INSTEAD_ATTR);
  focusElement((instead && document.getElementById(instead)) || target);
  return true;
}

/**
 * On a field that is not seen (a file input behind its button), the id of the control that shows it: focus on an error
 * goes there, where the keyboard user can see it, and its description names the error too.
 */
export const FOCUS_INSTEAD_ATTR = 'data-focus-instead';

/**
 * For a form whose submit can fail: call the returned function when it does, and once the errors are on the page the
 * first of them takes focus (focusFirstError), searched for in the form's dialog or page, or in the form alone
 * (`within: 'form'`) where the page holds other forms with errors of their own. Otherwise focus stays on the submit
 * button, where nothing is said, or falls to the page when the button was disabled while sending.
 */
export function useFocusError(form: RefObject<HTMLElement | null>, within: 'page' | 'form' = 'page'): () => void {
  const [request, setRequest] = useState(0);
  useEffect(() => {
    const el = form.current;
    if (!request || !el) return;
    focusFirstError(within === 'form' ? el : (el.closest('[role="dialog"], [role="alertdialog"], main') ?? el));
  }, [request, form, within]);
  return useCallback(() => setRequest((n) => n + 1), []);
}
