import { Suspense, useState } from 'react';
import { selectEntryDialog, useAppSelector } from '@app/kit';
import { LazyEntryDialog } from './lazyEntryDialog';

/** The Weight Entry dialog, mounted from its first opening on (it keeps its state and focus handling after). */
export function EntryDialogSlot() {
  const { open } = useAppSelector(selectEntryDialog);
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? (
    <Suspense fallback={null}>
      <LazyEntryDialog />
    </Suspense>
  ) : null;
}
