import { formatWeightWithUnit, trendOf, type Tone, type UnitSystem } from '@app/kit';

const ARROWS = { up: '↑', down: '↓', flat: '→' } as const;
const WORDS = { up: 'up', down: 'down', flat: 'no change' } as const;

interface Props {
  /** Signed change in kg (later − earlier). */
  differenceKg: number;
  unit: UnitSystem;
  tone: Tone;
}

/** '↓ 1.2 kg' coloured good/bad/neutral, read out as 'down 1.2 kg'. */
export function DiffIndicator({ differenceKg, unit, tone }: Props) {
  const trend = trendOf(differenceKg, unit);
  const amount = formatWeightWithUnit(Math.abs(differenceKg), unit);
  const spoken = trend === 'flat' ? WORDS.flat : `${WORDS[trend]} ${amount}`;
  return (
    <span className={`ov-diff ov-diff--${tone}`} data-tone={tone}>
      <span aria-hidden="true">
        {ARROWS[trend]} {trend === 'flat' ? formatWeightWithUnit(0, unit) : amount}
      </span>
      <span className="ov-sr-only">{spoken}</span>
    </span>
  );
}
