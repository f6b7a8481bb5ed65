import { describe, expect, it } from 'vitest';
import { dayLoaded, edited, keptWeightKg, newEntryForm } from './entryForm';

const entry = (date: string, weightKg: number, notes: string | null = null) => ({ id: `e-${date}`, date, weightKg, notes });

describe('entry form', () => {
  it('starts on a day with the default weight and no notes', () => {
    expect(newEntryForm('2026-11-22', '80.4')).toMatchObject({ weight: '80.4', date: '2026-11-22', notes: '', existing: null });
  });

  it('keeps the stored kilograms behind a weight shown as loaded, and only then', () => {
    const day = dayLoaded(newEntryForm('2026-11-22', ''), '2026-11-22', entry('2026-11-22', 80), 'IMPERIAL');
    expect(day.weight).toBe('176.4');
    expect(keptWeightKg(day, 'IMPERIAL')).toBe(80);
    expect(keptWeightKg(edited(day, 'notes', 'a note'), 'IMPERIAL')).toBe(80);
    expect(keptWeightKg(edited(day, 'weight', '176.5'), 'IMPERIAL')).toBeNull();
    // the latest weight offered when logging another day is kept as it is stored too
    const logging = newEntryForm('2026-11-23', '176.4', 80);
    expect(keptWeightKg(logging, 'IMPERIAL')).toBe(80);
    expect(keptWeightKg(edited(logging, 'weight', '176'), 'IMPERIAL')).toBeNull();
    expect(keptWeightKg(newEntryForm('2026-11-23', ''), 'METRIC')).toBeNull();
  });

  it('a day that has an entry brings its weight and notes', () => {
    const form = dayLoaded(newEntryForm('2026-11-22', '80.4'), '2026-11-22', entry('2026-11-22', 79.95, 'after the gym'), 'METRIC');
    expect(form).toMatchObject({ weight: '80.0', notes: 'after the gym', existing: { weightKg: 79.95 } });
    expect(dayLoaded(newEntryForm('2026-11-22', ''), '2026-11-22', entry('2026-11-22', 80), 'IMPERIAL').weight).toBe('176.4');
  });

  it('moving to a day without an entry puts the defaults back in untouched fields', () => {
    let form = dayLoaded(newEntryForm('2026-11-22', '80.4'), '2026-11-22', entry('2026-11-22', 79, 'today'), 'METRIC');
    form = edited(form, 'date', '2026-11-21');
    expect(form.existing).toBeNull();
    form = dayLoaded(form, '2026-11-21', null, 'METRIC');
    expect(form).toMatchObject({ weight: '80.4', notes: '', existing: null });
  });

  it('never overwrites what the person typed', () => {
    let form = edited(newEntryForm('2026-11-22', '80.4'), 'weight', '81.2');
    form = edited(form, 'notes', 'new note');
    form = edited(form, 'date', '2026-11-20');
    form = dayLoaded(form, '2026-11-20', entry('2026-11-20', 79, 'old note'), 'METRIC');
    expect(form).toMatchObject({ weight: '81.2', notes: 'new note', existing: { notes: 'old note' } });
  });

  it('ignores the answer for a date that is no longer chosen', () => {
    const form = edited(newEntryForm('2026-11-22', '80.4'), 'date', '2026-11-19');
    expect(dayLoaded(form, '2026-11-20', entry('2026-11-20', 70), 'METRIC')).toBe(form);
  });
});
