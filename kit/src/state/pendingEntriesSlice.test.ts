import { describe, expect, it } from 'vitest';
import { selectPendingEntries, setPendingEntries } from './pendingEntriesSlice';
import { createAppStore } from './store';

describe('pendingEntries', () => {
  it('is part of every store, empty until the shell reads its queue, and replaced as a whole', () => {
    const store = createAppStore({});
    expect(selectPendingEntries(store.getState())).toEqual([]);
    store.dispatch(setPendingEntries([{ date: '2026-11-23', weightKg: 80.2, notes: '' }]));
    store.dispatch(setPendingEntries([{ date: '2026-11-24', weightKg: 80, refused: 'Too heavy.' }]));
    expect(selectPendingEntries(store.getState())).toEqual([{ date: '2026-11-24', weightKg: 80, refused: 'Too heavy.' }]);
  });
});
