import { useMemo, useState } from 'react';
import type { ShownEntry, UnitSystem } from '@app/kit';
import { HistoryTable } from './HistoryTable';
import { Pagination } from './Pagination';
import { entryCountText, newestFirst, pageCount, pageOf } from './history';
import { AVERAGE_DETAILS_MESSAGE, LOAD_FAILED_MESSAGE, NO_ENTRIES_MESSAGE } from './messages';

interface HistoryPanelProps {
  /** The period's saved entries with the weights logged offline laid over them. */
  entries: readonly ShownEntry[];
  unit: UnitSystem;
  averaged: boolean;
  loading: boolean;
  /** The entries could not be read: no count and no empty message, which would claim there are none. */
  failed?: boolean;
}

/**
 * History: the entry count and the paged table, or the empty message. While the graph shows averages, the panel
 * says the averages have no entry details and keeps the entries one click away.
 */
export function HistoryPanel({ entries, unit, averaged, loading, failed = false }: HistoryPanelProps) {
  const rows = useMemo(() => newestFirst(entries), [entries]);
  const [page, setPage] = useState(1);
  const [showEntries, setShowEntries] = useState(false);
  const tableHidden = averaged && !showEntries;
  const pages = pageCount(rows.length);
  // A delete or a shorter period can leave the page past the end: show the last one instead.
  const current = Math.min(page, pages);

  return (
    <section className="panel an-history" aria-labelledby="an-history-title">
      <div className="an-panel-head">
        <h2 id="an-history-title">History</h2>
        {!loading && !failed && (
          <p className="muted an-count" role="status">
            {entryCountText(rows.length)}
          </p>
        )}
      </div>
      {failed ? (
        <p className="an-empty">{LOAD_FAILED_MESSAGE}</p>
      ) : loading ? (
        <p className="screen-loading" role="status">
          Loading...
        </p>
      ) : rows.length === 0 ? (
        <p className="an-empty">{NO_ENTRIES_MESSAGE}</p>
      ) : (
        <>
          {averaged && (
            <div className="an-averaged-note">
              <p className="an-empty">{AVERAGE_DETAILS_MESSAGE}</p>
              <button type="button" className="button button-small" aria-expanded={showEntries} onClick={() => setShowEntries((v) => !v)}>
                {showEntries ? 'Hide the entries' : 'Show the entries'}
              </button>
            </div>
          )}
          {!tableHidden && (
            <>
              <HistoryTable rows={pageOf(rows, current)} unit={unit} />
              <Pagination page={current} pages={pages} onPage={setPage} label="History pages" />
            </>
          )}
        </>
      )}
    </section>
  );
}
