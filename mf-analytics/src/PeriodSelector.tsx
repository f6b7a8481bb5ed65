import type { KeyboardEvent } from 'react';
import { PERIOD_KEYS, periodLabel, type PeriodKey } from '@app/kit';

interface PeriodSelectorProps {
  value: PeriodKey;
  alignToCalendar: boolean;
  onChange: (period: PeriodKey) => void;
}

/** The strip of short period labels (1W 1M Q H 1Y All, or 7d 30d ... when rolling): toggle buttons. */
export function PeriodSelector({ value, alignToCalendar, onChange }: PeriodSelectorProps) {
  // Arrow keys move along the strip as well as Tab, as in any toolbar of toggles.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    const buttons = Array.from(event.currentTarget.querySelectorAll('button'));
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    event.preventDefault();
    buttons[(index + step + buttons.length) % buttons.length].focus();
  };

  return (
    <div className="an-periods" role="group" aria-label="Period" onKeyDown={onKeyDown}>
      {PERIOD_KEYS.map((key) => (
        <button
          key={key}
          type="button"
          className="an-period"
          aria-pressed={key === value}
          title={periodLabel(key, alignToCalendar, 'long')}
          onClick={() => onChange(key)}
        >
          {periodLabel(key, alignToCalendar, 'short')}
        </button>
      ))}
    </div>
  );
}
