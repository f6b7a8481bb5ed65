import { useEffect } from 'react';
import { dismissToast, selectToasts, TOAST_MS, useAppDispatch, useAppSelector, type Toast } from '@app/kit';

/**
 * Toasts top-centre, each closing after 2000 ms; at most three, newest on top. The region is always in the page so
 * screen readers announce what appears in it, and a toast never takes the focus.
 */
export function Toaster() {
  const toasts = useAppSelector(selectToasts);
  return (
    <div className="toaster" role="region" aria-label="Notifications" aria-live="polite">
      {[...toasts].reverse().map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const timer = setTimeout(() => dispatch(dismissToast(toast.id)), TOAST_MS);
    return () => clearTimeout(timer);
  }, [dispatch, toast.id]);
  return (
    <div className={`toast toast-${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
      <span>{toast.message}</span>
      <button type="button" className="toast-close" aria-label="Dismiss" onClick={() => dispatch(dismissToast(toast.id))}>
        ×
      </button>
    </div>
  );
}
