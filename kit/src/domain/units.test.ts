import { describe, expect, it } from 'vitest';
import { weightInUnit } from '@app/contract';
import { CM_PER_INCH, LB_PER_KG } from './constants';
import {
  cmToIn,
  formatHeight,
  formatOneDecimal,
  formatWeight,
  formatWeightWithUnit,
  fromDisplayHeight,
  fromDisplayWeight,
  heightUnitLabel,
  inToCm,
  isUnitSystem,
  kgToLb,
  lbToKg,
  rangeMessageInUnit,
  roundTo1,
  toDisplayHeight,
  toDisplayWeight,
  weightUnitLabel,
} from './units';

describe('constants', () => {
  it("uses the product's factors", () => {
    expect(LB_PER_KG).toBe(2.20462);
    expect(lbToKg(kgToLb(80))).toBeCloseTo(80, 12);
    expect(CM_PER_INCH).toBe(2.54);
  });
});

describe('conversions', () => {
  it('converts kg and lb both ways', () => {
    expect(kgToLb(1)).toBe(2.20462);
    expect(kgToLb(100)).toBeCloseTo(220.462, 10);
    expect(lbToKg(2.20462)).toBe(1);
    expect(lbToKg(kgToLb(73.3))).toBeCloseTo(73.3, 12);
  });

  it('converts cm and in both ways', () => {
    expect(cmToIn(2.54)).toBe(1);
    expect(inToCm(10)).toBeCloseTo(25.4, 12);
    expect(cmToIn(180)).toBeCloseTo(70.866142, 6);
  });

  it('recognises unit systems', () => {
    expect(isUnitSystem('METRIC')).toBe(true);
    expect(isUnitSystem('IMPERIAL')).toBe(true);
    expect(isUnitSystem('metric')).toBe(false);
    expect(isUnitSystem(undefined)).toBe(false);
  });
});

describe('roundTo1', () => {
  it('rounds half away from zero on the decimal value', () => {
    expect((1.15).toFixed(1)).toBe('1.1'); // the binary trap roundTo1 avoids
    expect(roundTo1(1.15)).toBe(1.2);
    expect(roundTo1(-1.15)).toBe(-1.2);
    expect(roundTo1(72.45)).toBe(72.5);
    expect(roundTo1(72.44)).toBe(72.4);
    expect(roundTo1(57.99999999999999)).toBe(58);
  });

  it('never returns -0 and survives exponent notation', () => {
    expect(Object.is(roundTo1(-0.04), 0)).toBe(true);
    expect(roundTo1(1e-7)).toBe(0);
    expect(roundTo1(1e21)).toBe(1e21);
    expect(roundTo1(Number.NaN)).toBeNaN();
  });

  it('formats with exactly one decimal', () => {
    expect(formatOneDecimal(80)).toBe('80.0');
    expect(formatOneDecimal(-0.04)).toBe('0.0');
    expect(formatOneDecimal(Number.NaN)).toBe('');
    expect(formatOneDecimal(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('weights for display', () => {
  it('keeps kg unrounded or converts to lb', () => {
    expect(toDisplayWeight(72.46, 'METRIC')).toBe(72.46);
    expect(toDisplayWeight(80, 'IMPERIAL')).toBeCloseTo(176.3696, 10);
    // pounds stored as kilograms come back as written, so they round as written
    expect(toDisplayWeight(lbToKg(100.35), 'IMPERIAL')).toBe(100.35);
    expect(formatWeight(lbToKg(100.35), 'IMPERIAL')).toBe('100.4');
    for (let hundredths = 10005; hundredths < 50000; hundredths += 10)
      expect(formatWeight(lbToKg(hundredths / 100), 'IMPERIAL'), String(hundredths)).toBe(formatOneDecimal(hundredths / 100));
  });

  it('formats 1 decimal in the user unit', () => {
    expect(formatWeight(72.46, 'METRIC')).toBe('72.5');
    expect(formatWeight(72.44, 'METRIC')).toBe('72.4');
    expect(formatWeight(72.45, 'METRIC')).toBe('72.5');
    expect(formatWeight(80, 'METRIC')).toBe('80.0');
    expect(formatWeight(80, 'IMPERIAL')).toBe('176.4');
    expect(formatWeight(72.45, 'IMPERIAL')).toBe('159.7');
    expect(formatWeight(0, 'IMPERIAL')).toBe('0.0');
    expect(formatWeight(Number.NaN, 'METRIC')).toBe('');
  });

  it('adds the unit label', () => {
    expect(formatWeightWithUnit(72.46, 'METRIC')).toBe('72.5 kg');
    expect(formatWeightWithUnit(80, 'IMPERIAL')).toBe('176.4 lb');
    expect(formatWeightWithUnit(Number.NaN, 'IMPERIAL')).toBe('');
    expect(weightUnitLabel('METRIC')).toBe('kg');
    expect(weightUnitLabel('IMPERIAL')).toBe('lb');
  });

  it('converts entered values to unrounded kg', () => {
    expect(fromDisplayWeight(72.3, 'METRIC')).toBe(72.3);
    const kg = fromDisplayWeight(150, 'IMPERIAL');
    expect(kg).toBeCloseTo(68.0389, 4);
    expect(kg).not.toBe(68);
    expect(fromDisplayWeight(176.3696, 'IMPERIAL')).toBeCloseTo(80, 10);
  });
});

describe('heights for display', () => {
  it('shows cm or in with 1 decimal', () => {
    expect(toDisplayHeight(180, 'METRIC')).toBe(180);
    expect(toDisplayHeight(254, 'IMPERIAL')).toBeCloseTo(100, 10);
    expect(formatHeight(180, 'METRIC')).toBe('180.0');
    expect(formatHeight(180, 'IMPERIAL')).toBe('70.9');
    expect(fromDisplayHeight(70, 'IMPERIAL')).toBeCloseTo(177.8, 10);
    expect(fromDisplayHeight(175.5, 'METRIC')).toBe(175.5);
    expect(heightUnitLabel('METRIC')).toBe('cm');
    expect(heightUnitLabel('IMPERIAL')).toBe('in');
  });
});

describe('rangeMessageInUnit', () => {
  it("says the wire's weight and height limits in pounds and inches to an imperial user, as the largest value accepted", () => {
    expect(rangeMessageInUnit('Weight must be greater than 0 and less than 1000 kg', 'IMPERIAL')).toBe(
      'Weight must be greater than 0 and at most 2204.6 lb',
    );
    expect(rangeMessageInUnit('Target weight must be greater than 0 and less than 1000 kg', 'IMPERIAL')).toBe(
      'Target weight must be greater than 0 and at most 2204.6 lb',
    );
    // 300 cm is 118.11 in
    expect(rangeMessageInUnit('Height must be greater than 0 and less than 300 cm', 'IMPERIAL')).toBe(
      'Height must be greater than 0 and at most 118.1 in',
    );
    // what it says is so: the largest value at 0.1 it names is taken, the next one is not
    expect(fromDisplayWeight(2204.6, 'IMPERIAL')).toBeLessThan(1000);
    expect(fromDisplayWeight(2204.7, 'IMPERIAL')).toBeGreaterThan(1000);
  });

  it('leaves metric users, other messages and no message as they are', () => {
    const kg = 'Weight must be greater than 0 and less than 1000 kg';
    expect(rangeMessageInUnit(kg, 'METRIC')).toBe(kg);
    expect(rangeMessageInUnit('Weight is required', 'IMPERIAL')).toBe('Weight is required');
    expect(rangeMessageInUnit(undefined, 'IMPERIAL')).toBeUndefined();
  });
});

describe('display rounding shared with the API', () => {
  it('toDisplayWeight is the contract’s weightInUnit, so the app and the e-mails show the same 0.1', () => {
    const average = (lbToKg(150) + lbToKg(150.1)) / 2;
    for (const kg of [average, lbToKg(100.35), 72.46, 80])
      for (const unit of ['METRIC', 'IMPERIAL'] as const) expect(toDisplayWeight(kg, unit)).toBe(weightInUnit(kg, unit));
    expect(formatWeightWithUnit(average, 'IMPERIAL')).toBe('150.1 lb');
  });
});
