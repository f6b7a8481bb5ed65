import { describe, expect, it } from 'vitest';
import type { WeightEntry } from './averages';
import { addDaysToDate } from './dates';
import { checkPlausibility, outlierThresholdKg } from './plausibility';

/** Daily readings from 1 March 2025. */
const daily = (...weights: number[]): WeightEntry[] => weights.map((weightKg, i) => ({ date: addDaysToDate('2025-03-01', i), weightKg }));
/** Ten days of 80 kg: trend 80, residual spread 0 → threshold max(0, 2.5, 2.4) = 2.5 kg. */
const FLAT_80 = daily(80, 80, 80, 80, 80, 80, 80, 80, 80, 80);

describe('outlierThresholdKg', () => {
  it('is max(4σ, 2.5 kg, 3 % of the trend)', () => {
    expect(outlierThresholdKg(1, 80)).toBe(4); // 4 > 2.5 > 2.4
    expect(outlierThresholdKg(0.5, 100)).toBeCloseTo(3, 12); // 2 < 2.5 < 3
    expect(outlierThresholdKg(0, 50)).toBe(2.5); // 0, 2.5, 1.5
  });
});

describe('checkPlausibility: kg/lb mix-up', () => {
  it('176 kg against an 80 kg trend: pounds typed as kilograms', () => {
    // 80 × 2.20462 = 176.3696; 176 / 176.3696 = 0.9979 (within 3 %); suggestion 176 / 2.20462 = 79.83235 kg
    const result = checkPlausibility(FLAT_80, 176);
    expect(result).toMatchObject({ kind: 'unit-mixup', basis: 'trend', referenceKg: 80 });
    expect(result.kind !== 'ok' && result.suggestedKg).toBeCloseTo(79.83235, 4);
    expect(result.kind !== 'ok' && result.message).toBe(
      '176.0 kg is far from your recent trend of 80.0 kg. Did you mean 79.8 kg (you may have entered pounds)?',
    );
  });

  it('80 lb from an imperial user with an 80 kg trend: kilograms typed as pounds', () => {
    // 80 lb = 80 / 2.20462 = 36.2874 kg = trend ÷ 2.20462 exactly; suggestion 36.2874 × 2.20462 = 80 kg = 176.4 lb
    const result = checkPlausibility(FLAT_80, 80 / 2.20462, { unit: 'IMPERIAL' });
    expect(result).toMatchObject({ kind: 'unit-mixup' });
    expect(result.kind !== 'ok' && result.suggestedKg).toBeCloseTo(80, 10);
    expect(result.kind !== 'ok' && result.message).toBe(
      '80.0 lb is far from your recent trend of 176.4 lb. Did you mean 176.4 lb (you may have entered kilograms)?',
    );
  });

  it('within 3 % of the factor, no further', () => {
    // 176.3696 × 1.03 = 181.6607, × 0.97 = 171.0785
    expect(checkPlausibility(FLAT_80, 181.6).kind).toBe('unit-mixup');
    expect(checkPlausibility(FLAT_80, 171.1).kind).toBe('unit-mixup');
    expect(checkPlausibility(FLAT_80, 181.7).kind).toBe('outlier');
    expect(checkPlausibility(FLAT_80, 171).kind).toBe('outlier');
  });
});

describe('checkPlausibility: misplaced decimal', () => {
  it.each([
    [800, 80], // 800 = 80 × 10
    [8, 80], // 8 = 80 ÷ 10
    [8.01, 80.1],
    [790, 79], // 790 / 800 = 0.9875
  ])('%s against 80 → did you mean %s', (candidate, suggested) => {
    const result = checkPlausibility(FLAT_80, candidate);
    expect(result.kind).toBe('decimal');
    expect(result.kind !== 'ok' && result.suggestedKg).toBeCloseTo(suggested, 10);
  });

  it('says so in plain words', () => {
    const result = checkPlausibility(FLAT_80, 8);
    expect(result.kind !== 'ok' && result.message).toBe(
      '8.0 kg is far from your recent trend of 80.0 kg. Did you mean 80.0 kg (the decimal point may be misplaced)?',
    );
  });
});

describe('checkPlausibility: outliers', () => {
  it('beyond the 2.5 kg floor of a perfectly steady history', () => {
    expect(checkPlausibility(FLAT_80, 83)).toEqual({
      kind: 'outlier',
      basis: 'trend',
      referenceKg: 80,
      message: '83.0 kg is far from your recent trend of 80.0 kg. Please check it before saving.',
    });
    expect(checkPlausibility(FLAT_80, 82.5)).toEqual({ kind: 'ok' }); // exactly 2.5 away is fine
    expect(checkPlausibility(FLAT_80, 77.5)).toEqual({ kind: 'ok' });
    expect(checkPlausibility(FLAT_80, 77.4).kind).toBe('outlier');
    expect(checkPlausibility(FLAT_80, 80.4)).toEqual({ kind: 'ok' });
  });

  it('3 % of a heavier trend is the floor: 100 kg → 3 kg', () => {
    const flat100 = daily(100, 100, 100, 100, 100);
    expect(checkPlausibility(flat100, 103)).toEqual({ kind: 'ok' });
    expect(checkPlausibility(flat100, 103.1).kind).toBe('outlier');
    expect(checkPlausibility(flat100, 96.9).kind).toBe('outlier');
  });

  it('4 standard deviations of a noisy history', () => {
    // 80, 90, 80, 90, 80: seed median(80, 90, 80) = 80; trend 80, 81, 80.9, 81.81, 81.629
    // residuals 0, 9, −0.9, 8.19, −1.629; σ = √((0 + 81 + 0.81 + 67.0761 + 2.653641) / 5) = √30.3079482 = 5.50527
    // threshold = 4σ = 22.0211 (above 2.5 and 3 % × 81.629 = 2.45)
    const noisy = daily(80, 90, 80, 90, 80);
    expect(checkPlausibility(noisy, 100)).toEqual({ kind: 'ok' }); // 18.371 away
    expect(checkPlausibility(noisy, 60)).toEqual({ kind: 'ok' }); // 21.629 away
    expect(checkPlausibility(noisy, 104)).toMatchObject({ kind: 'outlier', referenceKg: expect.closeTo(81.629, 9) }); // 22.371
    expect(checkPlausibility(noisy, 59.5).kind).toBe('outlier'); // 22.129
  });
});

describe('checkPlausibility: little history', () => {
  it('fewer than 5 readings: only the slip checks, against the latest weight', () => {
    const two = daily(80, 81);
    expect(checkPlausibility(two, 95)).toEqual({ kind: 'ok' }); // no outlier check yet
    expect(checkPlausibility(two, 60)).toEqual({ kind: 'ok' });
    // 81 × 2.20462 = 178.574; 178.6 / 2.20462 = 81.0117
    const result = checkPlausibility(two, 178.6);
    expect(result).toMatchObject({ kind: 'unit-mixup', basis: 'latest', referenceKg: 81 });
    expect(result.kind !== 'ok' && result.message).toBe(
      '178.6 kg is far from your latest weight of 81.0 kg. Did you mean 81.0 kg (you may have entered pounds)?',
    );
    expect(checkPlausibility(daily(80, 80, 80, 80), 8.1).kind).toBe('decimal');
  });

  it('no history, or a value the form rejects anyway: ok', () => {
    expect(checkPlausibility([], 176)).toEqual({ kind: 'ok' });
    expect(checkPlausibility(null, 176)).toEqual({ kind: 'ok' });
    expect(checkPlausibility(FLAT_80, 0)).toEqual({ kind: 'ok' });
    expect(checkPlausibility(FLAT_80, -80)).toEqual({ kind: 'ok' });
    expect(checkPlausibility(FLAT_80, Number.NaN)).toEqual({ kind: 'ok' });
  });

  it('leaves out the entry being replaced on the same date', () => {
    // 80, 80, 80 then a wrong 36.3 on 4 March; re-entering 80 for 4 March:
    const history = daily(80, 80, 80, 36.3);
    // with that entry the latest weight is 36.3, and 80 ≈ 36.3 × 2.20462 = 80.028 looks like a mix-up…
    expect(checkPlausibility(history, 80).kind).toBe('unit-mixup');
    // …without it the latest is 80: fine
    expect(checkPlausibility(history, 80, { date: '2025-03-04' })).toEqual({ kind: 'ok' });
  });
});
