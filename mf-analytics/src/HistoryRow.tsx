import { useRef, useState, type KeyboardEvent } from 'react';
import {
  focusElement,
  formatDateEnGb,
  formatWeight,
  openEntryDialog,
  showToast,
  useAppDispatch,
  useDeleteWeightMutation,
  weightUnitLabel,
  type ShownEntry,
  type UnitSystem,
} from '@app/kit';
import { PendingBadge } from './PendingBadge';
import { DELETE_FAILED_MESSAGE, DELETED_MESSAGE } from './messages';
import { TrashIcon } from './TrashIcon';

interface HistoryRowProps {
  /** A saved entry, or a weight logged offline (waiting to be sent, or refused). */
  entry: ShownEntry;
  unit: UnitSystem;
}

/**
 * One day of the history: click or Enter edits it; delete asks inline before it deletes. A weight logged offline is
 * marked as waiting to be sent (or as not saved, with the server's reason) and has nothing on the server to delete.
 */
export function HistoryRow({ entry, unit }: HistoryRowProps) {
  const dispatch = useAppDispatch();
  const [confirming, setConfirming] = useState(false);
  const [deleteWeight, { isLoading: deleting }] = useDeleteWeightMutation();
  const deleteButton = useRef<HTMLButtonElement>(null);
  const rowRef = useRef<HTMLTableRowElement>(null);
  const date = formatDateEnGb(entry.date);
  // the saved entry of the day, if any: a waiting weight replaces it on the server anyway
  const deletable = entry.pending?.kind !== 'waiting' && entry.id !== undefined;
  const classes = ['an-row', confirming && 'an-row--confirming', entry.pending && `an-row--${entry.pending.kind}`].filter(Boolean);

  const edit = () => dispatch(openEntryDialog({ editDate: entry.date }));
  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
    // Only the row itself: Enter on one of its buttons belongs to that button.
    if (event.target === event.currentTarget && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      edit();
    }
  };

  const keep = () => {
    setConfirming(false);
    requestAnimationFrame(() => deleteButton.current?.focus());
  };
  const confirmDelete = async () => {
    if (deleting) return;
    // the row is about to go: the keyboard moves on to the day after it in the list (or before it), not to the page's top
    const row = rowRef.current;
    const neighbour = (row?.nextElementSibling ?? row?.previousElementSibling) as HTMLElement | null | undefined;
    const panel = row?.closest<HTMLElement>('section, main');
    try {
      await deleteWeight(entry.date).unwrap();
      if (neighbour?.isConnected) neighbour.focus();
      else if (panel) focusElement(panel);
      dispatch(showToast(DELETED_MESSAGE, 'success'));
    } catch {
      dispatch(showToast(DELETE_FAILED_MESSAGE, 'error'));
      // the entry stays: the keyboard goes back to its delete button, not to the page's top
      keep();
    }
  };

  return (
    <tr
      ref={rowRef}
      role="row"
      className={classes.join(' ')}
      title="Click to edit"
      // its own name, not the mouse's hint: which entry it is, and that Enter edits it
      aria-label={`${date}, ${formatWeight(entry.weightKg, unit)} ${weightUnitLabel(unit)}: edit`}
      tabIndex={0}
      onClick={edit}
      onKeyDown={onRowKeyDown}
    >
      <td role="cell" data-label="Date">
        {date}
      </td>
      <td role="cell" data-label="Weight" data-unit={weightUnitLabel(unit)}>
        {formatWeight(entry.weightKg, unit)}
      </td>
      <td role="cell" data-label="Notes" className={entry.notes ? 'an-notes' : 'an-notes muted'}>
        {entry.pending && <PendingBadge mark={entry.pending} unit={unit} />}
        {entry.notes || 'No notes'}
      </td>
      {/* Clicks inside the actions never reach the row, so deleting never opens the dialog. */}
      <td role="cell" data-label="Actions" className="an-actions" onClick={(event) => event.stopPropagation()}>
        {confirming ? (
          // Escape keeps the entry, as Keep does
          <span
            className="an-confirm"
            role="group"
            aria-label={`Delete the entry for ${date}?`}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && !deleting) {
                event.stopPropagation();
                keep();
              }
            }}
          >
            <span>Delete this entry?</span>
            {/* aria-disabled, not disabled: a disabled button drops the focus to the top of the page */}
            <button type="button" className="button an-danger" onClick={() => void confirmDelete()} aria-disabled={deleting}>
              Delete
            </button>
            <button type="button" className="button" onClick={() => !deleting && keep()} aria-disabled={deleting} autoFocus>
              Keep
            </button>
          </span>
        ) : deletable ? (
          <button
            ref={deleteButton}
            type="button"
            className="button an-delete"
            aria-label={`Delete entry for ${date}`}
            onClick={() => setConfirming(true)}
          >
            <TrashIcon />
          </button>
        ) : null}
      </td>
    </tr>
  );
}
