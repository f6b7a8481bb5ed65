import { useId, type ReactNode } from 'react';

export interface FieldProps {
  label: string;
  /** Server or client message shown under the input; also marks it invalid for screen readers. */
  error?: string;
  hint?: ReactNode;
  /** Whether a change of the hint is read out (on by default); off for one that changes with every keystroke. */
  hintLive?: boolean;
  /**
   * Whether the error is read out as it appears: for one that comes while the user is elsewhere (a check on leaving the
   * field, a file refused after it was picked), not on a submit, which takes the focus to the field anyway.
   */
  errorAlert?: boolean;
  className?: string;
  /** Renders the control with the id and aria-describedby it must carry. */
  children: (id: string, describedBy: string | undefined) => ReactNode;
}

/** A labelled form control with its hint and error, wired for assistive technology. */
export function Field({ label, error, hint, hintLive = true, errorAlert = false, className, children }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children(id, describedBy)}
      {hint && (
        <span id={hintId} className="field-hint" aria-live={hintLive ? 'polite' : undefined}>
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className="field-error" role={errorAlert ? 'alert' : undefined}>
          {error}
        </span>
      )}
    </div>
  );
}
