import { useState, type ChangeEvent } from 'react';
import { Field, parseApiError, showToast, useAppDispatch } from '@app/kit';
import { useCommitImport, usePreviewImport, type DateFormat, type ImportPreview } from './dataApi';
import { ImportPreviewView } from './ImportPreviewView';
import { commitPlan, IMPORT_FILE_LIMIT, progressText, resultText, TOO_LARGE, type ConflictChoice } from './importPlan';

/** Upload a CSV, look at what the server recognised, choose what happens to existing days, then import. */
export function ImportSection() {
  const dispatch = useAppDispatch();
  const [preview, reading] = usePreviewImport();
  const [commit] = useCommitImport();
  const [file, setFile] = useState<File | null>(null);
  const [data, setData] = useState<ImportPreview | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [choice, setChoice] = useState<ConflictChoice>('keep');
  const [progress, setProgress] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);

  const load = async (chosen: File, options: { dateFormat?: DateFormat; unit?: 'kg' | 'lb' } = {}) => {
    setError(undefined);
    setResult(null);
    try {
      setData(await preview({ file: chosen, ...options }));
    } catch (e) {
      setData(null);
      const parsed = parseApiError(e);
      setError(parsed.fieldErrors.file ?? parsed.general ?? parsed.message);
    }
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    setData(null);
    setResult(null);
    setChoice('keep');
    if (!chosen) return;
    // refused before upload: the server would answer the same
    if (chosen.size > IMPORT_FILE_LIMIT) {
      setError(TOO_LARGE);
      return;
    }
    void load(chosen);
  };

  const run = async () => {
    if (!data) return;
    const plan = commitPlan(data, choice);
    setProgress(progressText(plan.rows.length));
    try {
      const text = resultText(await commit(plan));
      setResult(text);
      setData(null);
      dispatch(showToast(text, 'success'));
    } catch (e) {
      const parsed = parseApiError(e);
      setError(parsed.general ?? parsed.message);
      dispatch(showToast('The import failed: nothing was imported.', 'error'));
    } finally {
      setProgress(null);
    }
  };

  const undecided = data !== null && data.dateFormat.value === null;
  const nothing = data !== null && commitPlan(data, choice).rows.length === 0;
  return (
    <section className="st-section" aria-labelledby="st-import">
      <h2 id="st-import">Import</h2>
      <p className="muted">
        A CSV file from another tracker (Libra, openScale, TrendWeight, The Hacker&apos;s Diet Online) or with the columns
        date, weight and notes. You will see what is recognised before anything is saved.
      </p>
      <Field label="CSV file" error={error} hint="At most 5 MiB">
        {(id, describedBy) => (
          <input id={id} type="file" accept=".csv,text/csv" aria-describedby={describedBy} aria-invalid={error ? true : undefined} onChange={onFile} />
        )}
      </Field>
      {reading && (
        <p role="status" className="muted">
          Reading the file...
        </p>
      )}
      {data && file && (
        <ImportPreviewView
          preview={data}
          choice={choice}
          onChoice={setChoice}
          onDateFormat={(format) => void load(file, { dateFormat: format, unit: data.unit })}
          onUnit={(unit) => void load(file, { dateFormat: data.dateFormat.value ?? undefined, unit })}
        />
      )}
      {data && (
        <div className="form-actions st-data-actions">
          <button type="button" className="button button-primary" onClick={run} disabled={progress !== null || undecided || nothing}>
            {progress ?? 'Import'}
          </button>
          {undecided && <span className="field-hint">Choose the date format first.</span>}
        </div>
      )}
      <p role="status" className={result ? 'st-data-result' : undefined}>
        {progress ?? result}
      </p>
    </section>
  );
}
