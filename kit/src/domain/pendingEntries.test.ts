import { describe, expect, it } from 'vitest';
import type { WeightEntry } from './averages';
import { graphEntries, isWaiting, mergePendingEntries, pendingText, type PendingEntry } from './pendingEntries';

const saved: WeightEntry[] = [
  { id: 1, date: '2026-11-20', weightKg: 80, notes: 'gym' },
  { id: 2, date: '2026-11-22', weightKg: 79.5, notes: '' },
];
const week = { start: '2026-11-17', end: '2026-11-23' };

describe('mergePendingEntries', () => {
  it('gives back the saved entries themselves when nothing is pending', () => {
    expect(mergePendingEntries(saved, [])).toBe(saved);
    expect(mergePendingEntries(saved, [{ date: '2026-12-01', weightKg: 70 }], week)).toBe(saved);
  });

  it('adds a weight waiting to be sent for a day with no saved entry, in date order', () => {
    const rows = mergePendingEntries(saved, [{ date: '2026-11-21', weightKg: 79.8, notes: 'offline' }]);
    expect(rows.map((r) => r.date)).toEqual(['2026-11-20', '2026-11-21', '2026-11-22']);
    expect(rows[1]).toEqual({ date: '2026-11-21', weightKg: 79.8, notes: 'offline', pending: { kind: 'waiting' } });
    expect(rows[0]).toBe(saved[0]);
  });

  it('lets a waiting weight stand in for the saved entry of its day (the server replaces it)', () => {
    const rows = mergePendingEntries(saved, [{ date: '2026-11-22', weightKg: 78.9 }]);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual({ date: '2026-11-22', weightKg: 78.9, notes: '', pending: { kind: 'waiting' } });
    expect(saved[1]).toEqual({ id: 2, date: '2026-11-22', weightKg: 79.5, notes: '' });
  });

  it('keeps the saved value of a day whose offline weight was refused, and says why', () => {
    const rows = mergePendingEntries(saved, [{ date: '2026-11-20', weightKg: 5000, refused: 'Weight must be at most 500 kg.' }]);
    expect(rows[0]).toEqual({
      id: 1,
      date: '2026-11-20',
      weightKg: 80,
      notes: 'gym',
      pending: { kind: 'refused', reason: 'Weight must be at most 500 kg.', weightKg: 5000 },
    });
  });

  it('shows a refused weight of a day with no saved entry, marked as not saved', () => {
    const rows = mergePendingEntries([], [{ date: '2026-11-19', weightKg: 5000, notes: null, refused: 'Too heavy.' }]);
    expect(rows).toEqual([
      { date: '2026-11-19', weightKg: 5000, notes: '', pending: { kind: 'refused', reason: 'Too heavy.', weightKg: 5000 } },
    ]);
  });

  it('leaves out offline weights outside the period, and keeps those on its first and last day', () => {
    const pending: PendingEntry[] = [
      { date: '2026-11-16', weightKg: 81 },
      { date: '2026-11-17', weightKg: 80.5 },
      { date: '2026-11-23', weightKg: 79 },
      { date: '2026-11-24', weightKg: 78 },
    ];
    expect(mergePendingEntries(saved, pending, week).map((r) => r.date)).toEqual(['2026-11-17', '2026-11-20', '2026-11-22', '2026-11-23']);
    expect(mergePendingEntries(saved, pending, null)).toHaveLength(6);
  });

  it('orders unsorted saved entries by day once anything is laid over them', () => {
    const rows = mergePendingEntries([saved[1]!, saved[0]!], [{ date: '2026-11-18', weightKg: 80.2 }]);
    expect(rows.map((r) => r.date)).toEqual(['2026-11-18', '2026-11-20', '2026-11-22']);
  });
});

describe('graphEntries', () => {
  it('draws waiting weights over the saved ones and leaves refused ones out', () => {
    const rows = graphEntries(saved, [
      { date: '2026-11-22', weightKg: 78.9 },
      { date: '2026-11-20', weightKg: 5000, refused: 'Too heavy.' },
      { date: '2026-11-21', weightKg: 5000, refused: 'Too heavy.' },
    ]);
    expect(rows.map((r) => [r.date, r.weightKg, isWaiting(r)])).toEqual([
      ['2026-11-20', 80, false],
      ['2026-11-22', 78.9, true],
    ]);
  });

  it('follows the period like the history', () => {
    expect(graphEntries(saved, [{ date: '2026-11-30', weightKg: 70 }], week)).toBe(saved);
  });
});

describe('pendingText', () => {
  it('reads as the screen shows it', () => {
    expect(pendingText(undefined)).toBe('');
    expect(pendingText({ kind: 'waiting' })).toBe('Waiting to be sent');
    expect(pendingText({ kind: 'refused', reason: 'Too heavy.', weightKg: 5000 })).toBe('Not saved: Too heavy.');
  });
});
