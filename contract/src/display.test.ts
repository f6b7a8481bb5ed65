import { describe, expect, it } from 'vitest';
import { lbToKg } from './units';
import { shownWeight, weightInUnit } from './display';

describe("weights in the reader's unit", () => {
  it('kilograms as they are', () => {
    expect(weightInUnit(80.04, 'METRIC')).toBe(80.04);
    expect(shownWeight(80.05, 'METRIC')).toBe(80.1);
  });
  it('pounds without the float noise of their round trip', () => {
    expect(weightInUnit(lbToKg(100.35), 'IMPERIAL')).toBe(100.35);
    expect(shownWeight(lbToKg(100.35), 'IMPERIAL')).toBe(100.4);
  });
  it('the average of 150.0 and 150.1 lb is shown as 150.1 lb', () => {
    const average = (lbToKg(150) + lbToKg(150.1)) / 2;
    expect(shownWeight(average, 'IMPERIAL')).toBe(150.1);
  });
});
