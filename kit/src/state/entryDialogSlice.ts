import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The shell owns the dialog; remotes open it through these actions only. */
export interface EntryDialogState {
  open: boolean;
  /** yyyy-MM-dd of the entry to edit; null opens a new entry prefilled with the latest weight. */
  editDate: string | null;
}

const initialState: EntryDialogState = { open: false, editDate: null };

export const entryDialogSlice = createSlice({
  name: 'entryDialog',
  initialState,
  reducers: {
    openEntryDialog(_state, action: PayloadAction<{ editDate?: string | null } | undefined>) {
      return { open: true, editDate: action.payload?.editDate ?? null };
    },
    closeEntryDialog() {
      return initialState;
    },
  },
  selectors: {
    selectEntryDialog: (state) => state,
  },
});

export const { openEntryDialog, closeEntryDialog } = entryDialogSlice.actions;
export const { selectEntryDialog } = entryDialogSlice.selectors;
