import { useMemo, useState } from 'react';
import type { ApiWeightEntry, UnitSystem } from '@app/kit';
import { HistoryTable } from './HistoryTable';
import { Pagination } from './Pagination';
import { entryCountText, newestFirst, pageCount, pageOf } from './history';
import { AVERAGE_DETAILS_MESSAGE, NO_ENTRIES_MESSAGE } from './messages';

interface HistoryPanelProps {
  entries: readonly ApiWeightEntry[];
  unit: UnitSystem;
  averaged: boolean;
  loading: boolean;
}

/** History: the entry count and the paged table, or the empty or averaged message. */
export function HistoryPanel({ entries, unit, averaged, loading }: HistoryPanelProps) {
  const rows = useMemo(() => newestFirst(entries), [entries]);
  const [page, setPage] = useState(1);
  const pages = pageCount(rows.length);
  // A delete or a shorter period can leave the page past the end: show the last one instead.
  const current = Math.min(page, pages);

  return (
    <section className="panel an-history" aria-labelledby="an-history-title">
      <div className="an-panel-head">
        <h2 id="an-history-title">History</h2>
        {!loading && (
          <p className="muted an-count" role="status">
            {entryCountText(rows.length)}
          </p>
        )}
      </div>
      {loading ? (
        <p className="screen-loading" role="status">
          Loading...
        </p>
      ) : averaged ? (
        <p className="an-empty">{AVERAGE_DETAILS_MESSAGE}</p>
      ) : rows.length === 0 ? (
        <p className="an-empty">{NO_ENTRIES_MESSAGE}</p>
      ) : (
        <>
          <HistoryTable rows={pageOf(rows, current)} unit={unit} />
          <Pagination page={current} pages={pages} onPage={setPage} />
        </>
      )}
    </section>
  );
}
