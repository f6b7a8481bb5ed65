import { useId, useLayoutEffect, useRef } from 'react';
import { formatWeightWithUnit, type PlausibilityResult, type UnitSystem } from '@app/kit';

export type Doubt = Exclude<PlausibilityResult, { kind: 'ok' }>;

interface PlausibilityPromptProps {
  doubt: Doubt;
  /** The weight as typed, in kg. */
  typedKg: number;
  unit: UnitSystem;
  busy: boolean;
  onUseSuggestion: (kg: number) => void;
  onSaveAnyway: () => void;
  onEdit: () => void;
}

/**
 * Asks before saving a weight far from the recent trend, or one that looks like a kg/lb mix-up or a misplaced
 * decimal point, and offers the likely intended value; the typed value can always be saved. It takes the focus
 * when it appears, so keyboard and screen-reader users meet it first.
 */
export function PlausibilityPrompt({ doubt, typedKg, unit, busy, onUseSuggestion, onSaveAnyway, onEdit }: PlausibilityPromptProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const textId = useId();
  // as it is drawn, not a frame later: no moment with the focus left on Submit, and nothing can act on it there
  useLayoutEffect(() => {
    ref.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [doubt]);

  return (
    <div ref={ref} className="plausibility-prompt" role="alertdialog" aria-labelledby={titleId} aria-describedby={textId}>
      <p id={titleId} className="plausibility-title">
        Check this weight
      </p>
      <p id={textId} className="plausibility-text">
        {doubt.message}
      </p>
      <div className="form-actions plausibility-actions">
        {doubt.suggestedKg !== undefined && (
          <button
            type="button"
            className="button button-primary"
            aria-disabled={busy}
            onClick={() => !busy && onUseSuggestion(doubt.suggestedKg as number)}
          >
            Use {formatWeightWithUnit(doubt.suggestedKg, unit)}
          </button>
        )}
        <button type="button" className="button" aria-disabled={busy} onClick={() => !busy && onSaveAnyway()}>
          Save {formatWeightWithUnit(typedKg, unit)} anyway
        </button>
        <button type="button" className="button" onClick={onEdit}>
          Edit
        </button>
      </div>
    </div>
  );
}
