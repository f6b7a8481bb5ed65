import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Field, focusElement, parseApiError, selectUnit, showToast, useAppDispatch, useAppSelector } from '@app/kit';
import { useCommitImport, useImportJob, useStartImport, type DateFormat, type ImportUnit } from './dataApi';
import { ImportPreviewView } from './ImportPreviewView';
import {
  defaultImportUnit,
  entriesToWrite,
  IMPORT_POLL_MS,
  progressText,
  readingText,
  resultText,
  sizeRefusal,
  uploadingText,
  type ConflictChoice,
} from './importPlan';

/** What the file input takes: the exports as the apps write them, archives and spreadsheets included. */
const ACCEPT =
  '.csv,.tsv,.txt,.json,.xml,.zip,.xlsx,.ods,.db,text/csv,text/tab-separated-values,text/plain,application/json,application/xml,text/xml,application/zip,' +
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.oasis.opendocument.spreadsheet';

/**
 * Upload a file, follow the server while it reads it, look at what it recognised, choose what happens to days that
 * already have an entry, then import. Weights the file does not state the unit of are read in the person's unit
 * (their preference) until they choose otherwise.
 */
export function ImportSection() {
  const dispatch = useAppDispatch();
  const preferredUnit = defaultImportUnit(useAppSelector(selectUnit));
  const [start, uploading] = useStartImport();
  const [commit] = useCommitImport();
  const [file, setFile] = useState<File | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [parsing, setParsing] = useState(false);
  const [gone, setGone] = useState(false);
  const { job, error: jobError } = useImportJob(jobId, parsing ? IMPORT_POLL_MS : 0);
  const [error, setError] = useState<string | undefined>();
  const [choice, setChoice] = useState<ConflictChoice>('keep');
  const [progress, setProgress] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const resultRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    setParsing(job?.status === 'parsing');
    if (job?.status === 'failed') setError(job.error ?? 'The file could not be read');
  }, [job]);
  useEffect(() => {
    if (!jobError) return;
    const parsed = parseApiError(jobError);
    setError(parsed.message);
    // the import is gone (a file uploaded in another tab replaced it): nothing is being read any more
    if (parsed.status === 404) {
      setParsing(false);
      setGone(true);
    }
  }, [jobError]);

  const load = async (chosen: File, options: { dateFormat?: DateFormat; unit?: ImportUnit } = {}) => {
    setError(undefined);
    setGone(false);
    setResult(null);
    setJobId(null);
    try {
      const started = await start({ file: chosen, ...options });
      setParsing(started.status === 'parsing');
      setJobId(started.id);
    } catch (e) {
      const parsed = parseApiError(e);
      setError(parsed.fieldErrors.file ?? parsed.general ?? parsed.message);
    }
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    // the same file can be chosen again after an upload that failed (the browser fires no change for it otherwise)
    event.target.value = '';
    setFile(chosen);
    setJobId(null);
    setResult(null);
    setChoice('keep');
    if (!chosen) return;
    // refused before upload: the server would answer the same
    const refusal = sizeRefusal(chosen);
    if (refusal) {
      setError(refusal);
      return;
    }
    void load(chosen, { unit: preferredUnit });
  };

  const preview = job?.status === 'ready' ? job.preview : null;

  const run = async () => {
    if (!preview || !jobId || progress !== null) return;
    setProgress(progressText(entriesToWrite(preview, choice)));
    try {
      const text = resultText(await commit({ id: jobId, onConflict: choice }));
      setResult(text);
      setJobId(null);
      // the preview and its Import button go: the keyboard moves to the line saying what was imported
      if (resultRef.current) focusElement(resultRef.current);
      dispatch(showToast(text, 'success'));
    } catch (e) {
      const parsed = parseApiError(e);
      setError(parsed.general ?? parsed.message);
      dispatch(showToast('The import failed: nothing was imported.', 'error'));
    } finally {
      setProgress(null);
    }
  };

  const reading = uploading || (jobId !== null && !gone && (job === undefined || job.status === 'parsing'));
  const undecided = preview !== null && preview.dateFormat.value === null;
  const nothing = preview !== null && entriesToWrite(preview, choice) === 0;
  return (
    <section className="st-section" aria-labelledby="st-import">
      <h2 id="st-import">Import</h2>
      <p className="muted">
        An export of another tracker as you downloaded it: Apple Health (export.zip), Fitbit, Garmin Connect, Google Fit, Health Connect,
        Samsung Health, Withings, MyFitnessPal, Lose It!, Renpho, Eufy Life, Zepp Life, Health Auto Export, Cronometer, openScale, Libra,
        TrendWeight, Happy Scale, wger, The Hacker&apos;s Diet Online, this app&apos;s CSV or JSON export, or any CSV or spreadsheet (.xlsx,
        .ods) with the columns date, weight and notes. You will see what is recognised before anything is saved.
      </p>
      <Field
        label="Export file"
        error={error}
        errorAlert
        hint="CSV or JSON at most 5 MiB; a .zip archive, a spreadsheet (.xlsx, .ods) or export.xml at most 500 MiB"
      >
        {(id, describedBy) => (
          <input
            id={id}
            type="file"
            accept={ACCEPT}
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
            onChange={onFile}
          />
        )}
      </Field>
      {reading && (
        <p role="status" className="muted st-import-reading">
          {uploading ? uploadingText(file) : readingText(job)}
          <progress max={job?.bytesTotal || 1} value={uploading ? undefined : (job?.bytesRead ?? 0)} aria-hidden="true" />
        </p>
      )}
      {preview && file && (
        <ImportPreviewView
          preview={preview}
          choice={choice}
          onChoice={setChoice}
          onDateFormat={(format) => void load(file, { dateFormat: format, unit: preview.unit })}
          onUnit={(unit) => void load(file, { dateFormat: preview.dateFormat.value ?? undefined, unit })}
        />
      )}
      {preview && (
        <div className="form-actions st-data-actions">
          {/* busy is aria-disabled, not disabled: a disabled button drops the focus to the top of the page */}
          <button
            type="button"
            className="button button-primary"
            onClick={() => void run()}
            disabled={undecided || nothing}
            aria-disabled={progress !== null}
          >
            {progress ?? 'Import'}
          </button>
          {undecided && <span className="field-hint">Choose the date format first.</span>}
        </div>
      )}
      <p role="status" className={result ? 'st-data-result' : undefined} ref={resultRef}>
        {progress ?? result}
      </p>
    </section>
  );
}
