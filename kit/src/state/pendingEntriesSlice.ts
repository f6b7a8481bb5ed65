import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PendingEntry } from '../domain/pendingEntries';

/**
 * The signed-in person's weights logged with no connection, as the shell's offline queue holds them: the shell keeps
 * this in step with the queue, so every screen can show them in its history and graph without knowing the queue.
 */
export const pendingEntriesSlice = createSlice({
  name: 'pendingEntries',
  initialState: [] as PendingEntry[],
  reducers: {
    setPendingEntries(_state, action: PayloadAction<PendingEntry[]>) {
      return action.payload;
    },
  },
  selectors: {
    selectPendingEntries: (state) => state,
  },
});

export const { setPendingEntries } = pendingEntriesSlice.actions;
export const { selectPendingEntries } = pendingEntriesSlice.selectors;
