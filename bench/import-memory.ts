// `npx tsx bench/import-memory.ts`: imports a ~200 MiB synthetic Apple Health export.zip through the real API (its
// own process, embedded PGlite in a temporary data directory) and prints JSON with the archive's size, the seconds
// the upload and the read took, the rows found, how fast a health check is answered while the archive is read (the
// read runs in a worker thread, off the thread that answers requests) and the API process' peak resident memory
// (VmHWM), which shows that the archive is streamed and never held in memory. Environment: BENCH_IMPORT_MB (target size, default 200),
// BENCH_IMPORT_PORT (default 4650), BENCH_IMPORT_DATABASE_URL (a PostgreSQL database to use instead of PGlite, whose
// WebAssembly heap makes most of an idle API's memory).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openAsBlob, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { writeZip } from '../api/src/import/testing/zip.js';
import { ROOT, sleep, waitForUrl } from './lib/common.js';

const TARGET_MB = Number(process.env.BENCH_IMPORT_MB ?? 200);
const PORT = Number(process.env.BENCH_IMPORT_PORT ?? 4650);
const WEIGHTS = 3000;
const MiB = 1024 * 1024;

/** kB of a /proc/<pid>/status field (VmHWM: peak resident set, VmRSS: current). */
function procKb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : NaN;
}

/**
 * export.xml as the Health app writes it: a DOCTYPE, then records of every kind. Most are heart-rate and step
 * samples with metadata entries carrying identifiers (random, so the archive does not compress far better than a
 * real one); one body-mass record a day among them, kg and lb, with offsets.
 */
function* exportXml(records: number, weights = WEIGHTS): Generator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE HealthData [\n<!ELEMENT HealthData (ExportDate,Me,(Record|Workout)*)>\n';
  yield '<!ATTLIST HealthData\n  locale CDATA #REQUIRED\n>\n<!ELEMENT Record ((MetadataEntry)*)>\n]>\n<HealthData locale="en_GB">\n';
  yield ' <ExportDate value="2026-11-01 09:00:00 +0100"/>\n <Me HKCharacteristicTypeIdentifierDateOfBirth="1980-04-02" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale"/>\n';
  const start = Date.UTC(2015, 0, 1, 6, 30);
  const every = weights > 0 ? Math.max(1, Math.floor(records / weights)) : Infinity;
  let out = '';
  for (let i = 0; i < records; i++) {
    const at = new Date(start + i * Math.floor((86_400_000 * WEIGHTS) / records));
    const when = `${at.toISOString().replace('T', ' ').slice(0, 19)} +0100`;
    if (i % every === 0 && i / every < weights) {
      const lb = (i / every) % 5 === 0;
      const kg = 82 - (i / every) * 0.003 + (i % 7) / 10;
      out += ` <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Withings" sourceVersion="6.4.1" unit="${lb ? 'lb' : 'kg'}" creationDate="${when}" startDate="${when}" endDate="${when}" value="${(lb ? kg * 2.20462 : kg).toFixed(1)}"/>\n`;
    } else {
      const kind = i % 3 === 0 ? 'HKQuantityTypeIdentifierStepCount' : 'HKQuantityTypeIdentifierHeartRate';
      const unit = i % 3 === 0 ? 'count' : 'count/min';
      out += ` <Record type="${kind}" sourceName="Apple Watch" sourceVersion="10.2" device="&lt;&lt;HKDevice: 0x283&gt;, name:Apple Watch, model:Watch&gt;" unit="${unit}" creationDate="${when}" startDate="${when}" endDate="${when}" value="${60 + (i % 97)}">\n  <MetadataEntry key="HKMetadataKeySyncIdentifier" value="${randomBytes(16).toString('hex')}"/>\n  <MetadataEntry key="HKExternalUUID" value="${randomBytes(24).toString('base64')}"/>\n </Record>\n`;
    }
    if (out.length > 1 << 18) {
      yield out;
      out = '';
    }
  }
  yield `${out}</HealthData>\n`;
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-import-'));
  const zipPath = path.join(dir, 'export.zip');
  const api = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(ROOT, 'api'),
    env: {
      ...process.env,
      DATABASE_URL: process.env.BENCH_IMPORT_DATABASE_URL ?? '',
      DATA_DIR: path.join(dir, 'data'),
      API_PORT: String(PORT),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      JWT_SECRET: 'bench-only-secret-0123456789abcdef0123456789abcdef',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    // how many records make the target size: a sample's bytes a record and compression ratio
    const sample = Buffer.from([...exportXml(20_000, 0)].join(''));
    const perRecord = sample.length / 20_000;
    const ratio = sample.length / deflateRawSync(sample).length;
    const records = Math.round((TARGET_MB * MiB * ratio) / perRecord);
    let t = performance.now();
    await writeZip(zipPath, [
      { name: 'apple_health_export/export_cda.xml', data: '<?xml version="1.0"?><ClinicalDocument/>' },
      { name: 'apple_health_export/export.xml', data: exportXml(records) },
    ]);
    const zipBytes = statSync(zipPath).size;
    const generateS = (performance.now() - t) / 1000;
    process.stderr.write(
      `bench: ${(zipBytes / MiB).toFixed(0)} MiB archive of ${records.toLocaleString('en-GB')} records in ${generateS.toFixed(0)} s\n`,
    );

    const base = `http://127.0.0.1:${PORT}/api`;
    await waitForUrl(`${base}/health/live`);
    const reg = await fetch(`${base}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Bench',
        lastName: 'Import',
        email: `bench.import.${randomBytes(4).toString('hex')}@example.com`,
        password: 'bench-password-2024!',
        timeZone: 'Europe/Berlin',
      }),
    });
    const auth = { authorization: `Bearer ${((await reg.json()) as { accessToken: string }).accessToken}` };
    const idleRssKb = procKb(api.pid!, 'VmRSS');
    const peakBeforeKb = procKb(api.pid!, 'VmHWM');

    // the file goes from disk into the request as it is sent (openAsBlob): the bench holds none of it
    const form = new FormData();
    form.set('file', await openAsBlob(zipPath, { type: 'application/zip' }), 'export.zip');
    t = performance.now();
    const started = await fetch(`${base}/imports`, { method: 'POST', headers: auth, body: form });
    if (started.status !== 202) throw new Error(`upload answered ${started.status}: ${await started.text()}`);
    const { id } = (await started.json()) as { id: string };
    const uploadS = (performance.now() - t) / 1000;
    // another request meanwhile: how long the API takes to answer a health check while the archive is read
    const probes: number[] = [];
    let reading = true;
    const probe = (async () => {
      while (reading) {
        const at = performance.now();
        await (await fetch(`${base}/health/live`)).arrayBuffer();
        probes.push(performance.now() - at);
        await sleep(20);
      }
    })();
    t = performance.now();
    let job: {
      status: string;
      error: string | null;
      bytesRead: number;
      preview: { counts: { rows: number; rejected: number; duplicatesInFile: number } } | null;
    };
    for (;;) {
      job = (await (await fetch(`${base}/imports/${id}`, { headers: auth })).json()) as typeof job;
      if (job.status !== 'parsing') break;
      await sleep(250);
    }
    const readS = (performance.now() - t) / 1000;
    reading = false;
    await probe;
    probes.sort((a, b) => a - b);
    const quantile = (q: number) => Number((probes[Math.min(probes.length - 1, Math.floor(q * probes.length))] ?? NaN).toFixed(1));
    if (job.status !== 'ready') throw new Error(`the import failed: ${job.error}`);
    t = performance.now();
    const committed = (await (
      await fetch(`${base}/imports/${id}/commit`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: '{"onConflict":"keep"}',
      })
    ).json()) as { imported: number };
    const commitS = (performance.now() - t) / 1000;
    const peakRssKb = procKb(api.pid!, 'VmHWM');

    console.log(
      JSON.stringify(
        {
          database: process.env.BENCH_IMPORT_DATABASE_URL ? 'postgresql' : 'pglite',
          archiveMiB: Number((zipBytes / MiB).toFixed(1)),
          exportXmlMiB: Number(((records * perRecord) / MiB).toFixed(0)),
          records,
          uploadSeconds: Number(uploadS.toFixed(1)),
          readSeconds: Number(readS.toFixed(1)),
          commitSeconds: Number(commitS.toFixed(2)),
          rowsFound: job.preview!.counts.rows,
          rejected: job.preview!.counts.rejected,
          duplicatesInFile: job.preview!.counts.duplicatesInFile,
          imported: committed.imported,
          healthProbesWhileReading: probes.length,
          healthMedianMs: quantile(0.5),
          healthP99Ms: quantile(0.99),
          healthWorstMs: quantile(1),
          apiIdleRssMiB: Number((idleRssKb / 1024).toFixed(0)),
          apiPeakRssBeforeImportMiB: Number((peakBeforeKb / 1024).toFixed(0)),
          apiPeakRssMiB: Number((peakRssKb / 1024).toFixed(0)),
        },
        null,
        2,
      ),
    );
  } finally {
    api.kill('SIGTERM');
    await sleep(500);
    if (api.exitCode === null) api.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
