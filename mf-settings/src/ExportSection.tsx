import { showToast, todayString, useAppDispatch } from '@app/kit';
import { useExportData } from './dataApi';

const TYPES = { csv: 'text/csv;charset=utf-8', json: 'application/json;charset=utf-8' } as const;

/** Fetched with the bearer header (never a token in a URL), then saved from a Blob. */
function saveFile(text: string, format: 'csv' | 'json') {
  const url = URL.createObjectURL(new Blob([text], { type: TYPES[format] }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `weight-tracker-${todayString()}.${format}`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function ExportSection() {
  const dispatch = useAppDispatch();
  const [exportData, busy] = useExportData();
  const download = async (format: 'csv' | 'json') => {
    if (busy) return;
    try {
      saveFile(await exportData(format), format);
    } catch {
      dispatch(showToast('The export failed. Please try again.', 'error'));
    }
  };
  return (
    <section className="st-section" aria-labelledby="st-export">
      <h2 id="st-export">Export</h2>
      <p className="muted">
        All your entries as CSV (columns date, weight_kg, weight_lb, notes), or everything (profile, goal and entries) as JSON.
      </p>
      <div className="st-data-actions">
        {/* aria-disabled, not disabled: a disabled button drops the focus to the top of the page */}
        <button type="button" className="button" onClick={() => void download('csv')} aria-disabled={busy}>
          Download CSV
        </button>
        <button type="button" className="button" onClick={() => void download('json')} aria-disabled={busy}>
          Download JSON
        </button>
      </div>
    </section>
  );
}
