import { Component, Suspense, useState, type ReactNode } from 'react';
import { closeEntryDialog, selectEntryDialog, showToast, useAppDispatch, useAppSelector } from '@app/kit';
import { lazyEntryDialog } from './lazyEntryDialog';

export const DIALOG_FAILED_MESSAGE = 'The weight entry form could not be opened. Check your connection and try again.';

/**
 * The Weight Entry dialog, mounted from its first opening on (it keeps its state and focus handling after). Its code
 * comes with the first opening: when that fails (no connection, a shell redeployed since the page loaded) or the
 * dialog breaks, the person is told, the dialog closes, and the next opening fetches it again; the page stays.
 */
export function EntryDialogSlot() {
  const dispatch = useAppDispatch();
  const { open } = useAppSelector(selectEntryDialog);
  const [opened, setOpened] = useState(open);
  const [attempt, setAttempt] = useState(0);
  // a failed load is remembered by its lazy component: each attempt gets its own
  const [Dialog, setDialog] = useState(lazyEntryDialog);
  if (open && !opened) setOpened(true);
  const failed = () => {
    dispatch(showToast(DIALOG_FAILED_MESSAGE, 'error'));
    dispatch(closeEntryDialog());
    setOpened(false);
    setAttempt((n) => n + 1);
    setDialog(lazyEntryDialog);
  };
  return opened ? (
    <DialogErrorBoundary key={attempt} onError={failed}>
      <Suspense fallback={null}>
        <Dialog />
      </Suspense>
    </DialogErrorBoundary>
  ) : null;
}

class DialogErrorBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error('[shell] the weight entry dialog failed:', error);
    this.props.onError();
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}
