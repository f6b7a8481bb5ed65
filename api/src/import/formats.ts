/**
 * The CSV layouts we recognise, told apart by their header row (case-insensitive, a leading '#' ignored), each
 * learnt from the exporting app's own code or documentation (see the README section "Import"). A format turns
 * its rows into readings for the Collector; dates, weights and notes are checked there, alike for every format.
 */
import type { DateFormat } from '@app/contract';
import type { CsvRecord, Delimiter } from './csv.js';
import { NOT_RECOGNISED } from './errors.js';
import { DATE_TIME_JOINER, detectDateFormat, ISO_ONLY, MAX_STAMP_LENGTH, parseStamp, type DateDetection } from './dates.js';
import type { Collector, FileUnit } from './readings.js';
import type { Zone } from './zone.js';

export type FormatInfo = { id: string; label: string };

export const FORMATS = {
  generic: 'Generic CSV (date, weight, notes)',
  'app-csv': "This app's CSV export",
  'app-json': "This app's JSON export",
  libra: 'Libra',
  'openscale-1': 'openScale 1.x',
  'openscale-2': 'openScale 2.x',
  'openscale-3': 'openScale 3.x',
  trendweight: 'TrendWeight',
  hackersdiet: "The Hacker's Diet Online",
  wger: 'wger',
  withings: 'Withings (weight.csv)',
  myfitnesspal: 'MyFitnessPal',
  loseit: 'Lose It!',
  fitbit: 'Fitbit data archive',
  'fitbit-csv': 'Fitbit (CSV export)',
  'fitbit-google': 'Fitbit (Google Takeout)',
  cronometer: 'Cronometer (biometrics)',
  'qs-access': 'QS Access',
  garmin: 'Garmin Connect',
  'garmin-export': 'Garmin Connect (account data export)',
  'google-fit': 'Google Fit (Takeout)',
  'health-connect': 'Android Health Connect (export)',
  samsung: 'Samsung Health',
  renpho: 'Renpho',
  'apple-health': 'Apple Health',
} as const;
export type FormatId = keyof typeof FORMATS;
export const formatInfo = (id: FormatId): FormatInfo => ({ id, label: FORMATS[id] });

export type ReadContext = {
  records: CsvRecord[];
  headerAt: number;
  collector: Collector;
  zone: Zone;
  /** The day/month order the person chose, if they did. */
  dateFormat?: DateFormat;
  /** The separator of a text file; a spreadsheet's cells have none. */
  delimiter?: Delimiter;
};
export type CsvPlan = { format: FormatId; read(ctx: ReadContext): DateDetection };
type Matcher = (h: string[], raw: string[], records: CsvRecord[], at: number) => CsvPlan | null;

export const normalizeHeader = (cell: string) => cell.trim().replace(/^#\s*/, '').trim().toLowerCase().replace(/\s+/g, ' ');

export function unitOf(value: string): FileUnit | null {
  // "Pound(s)" as some apps head the column
  const v = value
    .trim()
    .toLowerCase()
    .replace(/\(s\)$/, 's');
  if (['kg', 'kgs', 'kilogram', 'kilograms'].includes(v)) return 'kg';
  if (['lb', 'lbs', 'pound', 'pounds'].includes(v)) return 'lb';
  if (['st', 'stone', 'stones'].includes(v)) return 'st';
  return null;
}

/** Undoes our export's formula neutralisation: one leading apostrophe before = + - @ tab CR (and before more apostrophes). */
export const unneutralise = (s: string) => (/^'+[=+\-@\t\r]/.test(s) ? s.slice(1) : s);

// "Date" and "Weight" as wger writes them in each of its languages (its translations), and as people head them in
// spreadsheets
const DATE_WORDS = [
  'date',
  'datum',
  'fecha',
  'data',
  'dato',
  'dátum',
  'dată',
  'tarih',
  'päivämäärä',
  'дата',
  'ημερομηνία',
  'תאריך',
  'التاريخ',
  '日付',
  '일자',
  '日期',
  'day',
  'datetime',
  'date/time',
  'timestamp',
];
/**
 * A German compound naming the day of the reading (`Messdatum`, `Wiegedatum`, as Renpho and hand-made sheets head
 * it); not a birthday or the day a row was last changed.
 */
const isDatumCompound = (c: string) => /^\p{L}{2,}datum$/u.test(c) && !/^(geburts|änderungs|aenderungs)datum$/.test(c);
const isDateWord = (c: string) => DATE_WORDS.includes(c) || isDatumCompound(c);
// "recorded" and "scale" name the reading itself in apps that also write a trend or an average beside it
const WEIGHT_WORD =
  '(?:weight|body weight|body mass|weight & body mass|weight\\s*/\\s*body mass|weight recorded|recorded weight|scale weight|measured weight|gewicht|poids|peso|pes|вес|váha|vikt|vægt|' +
  'ciężar|waga|vekt|paino|težina|teža|súly|greutate|kilo|вага|тегло|βάρος|משקל|الوزن|وزن|体重|몸무게|重量)';
const UNIT_NAMES = String.raw`kg|kgs|kilograms?|kilogram\(s\)|lb|lbs|lb\(s\)|pounds?|pound\(s\)`;
const UNIT_WORD = `(${UNIT_NAMES})`;
// stones only after a weight word: a column headed "Stone" alone holds the stones of a stones-and-pounds pair (a
// weight in stones alone only when no other weight column is, see STONES_HEADER); the unit as hand-made sheets write
// it after the word: `Weight (lbs.)`, `Weight in kg`, `Weight - lbs`, `Weight/kg`
const WEIGHT_HEADER = new RegExp(
  String.raw`^${WEIGHT_WORD}(?:\s*[_(\[\-–/:,.]\s*|\s+)?(?:in\s+)?(${UNIT_NAMES}|st|stones?|stone\(s\))?\.?\s*[)\]]?$`,
);
/** The unit a weight header names (`Weight (lbs)`, `Pounds`), if any. */
const headerUnit = (m: RegExpExecArray): FileUnit | null => (m[1] ? unitOf(m[1].replace(/s$/, '')) : null);
/** A weight column headed by its unit alone (`"Date","Pounds"`), as some apps write it. */
const UNIT_HEADER = new RegExp(`^${UNIT_WORD}$`);
/**
 * A weight column headed by stones alone, in the plural (Happy Scale's `Stone(s)`), read in decimal stones when the
 * table has no other weight column: beside a pounds column it holds the stones of the pair.
 */
const STONES_HEADER = /^(?:stones|stone\(s\))$/;
/** The stones column of a stones-and-pounds pair. */
const STONE_WORDS = ['stone', 'stones', 'stone(s)', 'st'];
const NOTES_WORDS = [
  'notes',
  'note',
  'remarks',
  'remark',
  'comment',
  'comments',
  'memo',
  'log',
  'notiz',
  'notizen',
  'kommentar',
  'kommentare',
  'bemerkung',
  'bemerkungen',
  'anmerkung',
  'anmerkungen',
  'remarque',
  'remarques',
  'commentaire',
  'commentaires',
  'nota',
  'notas',
  'comentario',
  'comentarios',
  'comentário',
  'comentários',
  'observaciones',
  'observações',
  'commento',
  'commenti',
  'opmerking',
  'opmerkingen',
  'notitie',
  'notities',
];
/** A header holding one of `words` as a word of its own among others (`Notes (optional)`, `date_time`). */
const wordAmong = (words: string[]) => new RegExp(String.raw`(?:^|[^\p{L}\p{N}])(?:${words.join('|')})(?:$|[^\p{L}\p{N}])`, 'u');
/** A notes word among other words of a header (`log` alone is not enough: `Log date`). */
const NOTES_IN_HEADER = wordAmong(NOTES_WORDS.filter((w) => w !== 'log'));
/** A column that states each row's unit (`Date,Weight,Unit` with `lb` or `kg` in it). */
const UNIT_COLUMN_WORDS = ['unit', 'units', 'weight unit', 'einheit', 'unité', 'unite', 'unidad', 'unità', 'eenheid'];
const TIME_WORDS = ['time', 'zeit', 'uhrzeit', 'heure', 'hora'];
// `null` as Zepp Life writes what its scale did not measure
const MISSING = new Set(['', '--', '-', '–', '—', 'n/a', 'na', 'null']);
const TRUE = /^(true|yes|y|1|deleted|x)$/i;

const at = (h: string[], name: string) => h.indexOf(name);
const has = (h: string[], ...names: string[]) => names.every((n) => h.includes(n));
const findIndex = (h: string[], names: string[]) => h.findIndex((c) => names.includes(c));
const cell = (f: string[], i: number | undefined) => (i === undefined || i < 0 ? '' : (f[i] ?? ''));

type TableSpec = {
  dateCol: number;
  /** The date cell, when the format needs to mend it first. */
  date?: (cell: string) => string;
  timeCol?: number;
  weightCol: number;
  /** The notes column, read as it is unless `notes` reads it. */
  notesCol?: number;
  /** The unit of the weight column, when the header or the format states it. */
  unit: FileUnit | null;
  /** The day/month order the app writes, used when the dates cannot tell. */
  knownOrder?: DateFormat;
  naiveIsUtc?: boolean;
  /** The app writes dotted dates with a two-digit year (`24.09.25`). */
  dottedShortYear?: boolean;
  /** A weight cut in two by a decimal comma in a comma-separated file is mended or refused, never read short. */
  decimalCommas?: boolean;
  /** A reason to leave a row out on purpose (deleted, interpolated), or null. */
  ignore?: (fields: string[]) => string | null;
  /** Rows without a weight are left out with this reason (a day the app lists without a reading) instead of rejected. */
  emptyWeight?: string;
  /** The weight cell, when the format needs to mend it first. */
  weight?: (fields: string[]) => string;
  /** A row of a text file the format mends before it is read (cells a separator split), or why it cannot be read. */
  row?: (record: CsvRecord, delimiter: Delimiter) => CsvRecord | string;
  notes?: (record: CsvRecord) => string | null;
  /** Weight cells may carry their unit ("80.4 kg"). */
  unitInCell?: boolean;
  /** A column stating each row's unit; a cell it cannot read leaves the row to `unit`. */
  unitCol?: number;
};

const WEIGHT_WITH_UNIT = /^(.*?\d)\s*(kg|kgs|kilograms?|lb|lbs|pounds?|st|stones?)$/i;
/** A date cell that carries a time of day too (`2026.08.08 16:52:14`). */
const HAS_TIME = new RegExp(String.raw`\d(?:T|,?\s+(?:${DATE_TIME_JOINER}\s+)?)\d{1,2}:\d{2}`, 'i');
/**
 * Stones and pounds in one cell, as British scales and people write them: `12st 7lb`, `12 st 7.5 lbs`, `12st7`,
 * `12 stone 7 pounds`.
 */
const STONES_AND_POUNDS = /^(\d+)\s*st(?:one)?s?\.?\s*(\d+(?:[.,]\d+)?)\s*(?:lbs?|pounds?)?\.?$/i;

/**
 * A weight in stones, pounds and ounces, a column each, read as pounds (kept as text, so the reading's own checks
 * apply). An empty stones or ounces cell is none; an empty pounds cell beside stones is 0 lb.
 */
function inPounds(stones: string, pounds: string, ounces = ''): string {
  if (stones.trim() === '' && ounces.trim() === '') return pounds;
  const st = Number((stones.trim() || '0').replace(',', '.'));
  const lb = Number((pounds.trim() || '0').replace(',', '.'));
  const oz = Number((ounces.trim() || '0').replace(',', '.'));
  return Number.isFinite(st) && Number.isFinite(lb) && Number.isFinite(oz)
    ? String(st * 14 + lb + oz / 16)
    : [stones && `${stones} st`, pounds, ounces && `${ounces} oz`].filter(Boolean).join(' ');
}

/** A header row of some table: names without a digit, one of them a date's or a start time's. */
const isHeaderRow = (h: string[]) => h.length > 1 && !h.some((c) => /\d/.test(c)) && h.some((c) => isDateWord(c) || c === 'start time');
/** A line holding one name alone: a section's title (`Foods`). */
const isTitleRow = (f: string[]) => f.filter((c) => c.trim() !== '').length === 1;

/**
 * Where the table under the header ends: at the header of another table, with the title line before it (a file of
 * several sections, as Fitbit's CSV export writes Body, Foods, Activities and Sleep one after another), so that
 * calories or steps are never read as weights. The same header again (files joined end to end) does not end it.
 */
export function tableEnd(records: CsvRecord[], headerAt: number): number {
  const own = records[headerAt]!.fields.map(normalizeHeader).join(',');
  for (let i = headerAt + 1; i < records.length; i++) {
    const h = records[i]!.fields.map(normalizeHeader);
    if (!isHeaderRow(h) || h.join(',') === own) continue;
    return i - 1 > headerAt && isTitleRow(records[i - 1]!.fields) ? i - 1 : i;
  }
  return records.length;
}

/** Counts what lies after the table as left out, named by its sections' titles. */
function ignoreRest(ctx: ReadContext, rest: CsvRecord[]): void {
  if (rest.length === 0) return;
  const titles = rest.filter((r, i) => isTitleRow(r.fields) && isHeaderRow((rest[i + 1]?.fields ?? []).map(normalizeHeader)));
  const names = titles.map((r) => r.fields.find((c) => c.trim() !== '')!.trim());
  const reason = names.length ? `other sections of the file (${names.join(', ')})` : 'rows of another table in the file';
  const rows = rest.filter((r) => !isTitleRow(r.fields) && !isHeaderRow(r.fields.map(normalizeHeader)));
  if (rows.length) ctx.collector.ignore(reason, rows.length);
}

/** How many columns a header names: empty names after the last one (a trailing separator) are none. */
function headerWidth(header: string[]): number {
  let width = header.length;
  while (width > 1 && header[width - 1]!.trim() === '') width--;
  return width;
}

/** Where a row's cells end, not counting empty ones past the header's width (a separator after every row). */
function filledTo(f: string[], width: number): number {
  let end = f.length;
  while (end > width && f[end - 1]!.trim() === '') end--;
  return end;
}

/**
 * A row with more cells than its header, whose last column is the note: a separator typed in a note that was not
 * quoted split it, so the cells after it are the rest of the note and are joined back rather than lost. Empty cells at
 * the end (a separator after every row) are no part of it.
 */
export function mendNote(record: CsvRecord, width: number, notesCol: number | undefined, delimiter: Delimiter): CsvRecord {
  const f = record.fields;
  if (notesCol === undefined || notesCol !== width - 1) return record;
  const end = filledTo(f, width);
  if (end <= width) return record;
  return {
    line: record.line,
    fields: [...f.slice(0, notesCol), f.slice(notesCol, end).join(delimiter)],
    quoted: record.quoted.slice(0, width),
  };
}

/** A separator as a reason names it. */
const shownDelimiter = (delimiter: Delimiter) => (delimiter === '\t' ? 'a tab' : `"${delimiter}"`);

/** A row of a text file with cells beyond its header's, which a separator typed in a cell without quotes makes. */
function beyondHeader(f: string[], width: number, delimiter: Delimiter): string | undefined {
  const end = filledTo(f, width);
  if (end <= width) return undefined;
  return `the row has ${end} cells where the header names ${width}: a cell that holds ${shownDelimiter(delimiter)} needs quotes around it`;
}

const WHOLE = /^\d+$/;
const DECIMALS = /^\d{1,2}\s*$/;

/** A whole number, then one or two digits: a number a decimal comma cut in two (`80`, `5`), or two numbers. */
const cutAt = (f: string[], i: number) => WHOLE.test(cell(f, i).trim()) && DECIMALS.test(cell(f, i + 1));

/**
 * Weights a decimal comma cut in two in a comma-separated file (`2024-01-30,80,5`): a whole number in the weight
 * column and one or two digits after it, in a cell beyond the header's (`Date,Weight`) or in a last notes column
 * right after the weight (`Date,Weight,Notes`). When at least half of the file's weights are cut so and none is
 * written with a decimal point, they are joined again (80.5). Otherwise a row cut beyond the header is refused, as
 * `80,5` may be 80.5 or 80 and a note: it is never read as 80 unsaid; a note after another column may hold those
 * cells itself (`80,20,after a run, tired`, with body fat 20 after the weight). Returns each row to read, or why not.
 */
function decimalCommas(data: CsvRecord[], width: number, weightCol: number, notesCol: number): (r: CsvRecord) => CsvRecord | string {
  const noteNext = notesCol === weightCol + 1 && notesCol === width - 1;
  const cut = (f: string[]) => cutAt(f, weightCol) && (f.length > width || (noteNext && f.length === width));
  let weights = 0;
  let cuts = 0;
  let mixed = false;
  for (const { fields: f } of data) {
    const w = cell(f, weightCol).trim();
    if (MISSING.has(w)) continue;
    weights++;
    if (/^\d+\.\d+$/.test(w)) mixed = true;
    else if (cut(f)) {
      cuts++;
      // a number cut before the weight column may have moved the weight there: which cells are whose is unknown
      for (let i = 0; i < weightCol; i++) if (cutAt(f, i)) mixed = true;
    }
  }
  const mend = !mixed && cuts > 0 && cuts * 2 >= weights;
  const noteAfterNext = notesCol === width - 1 && notesCol > weightCol + 1;
  return (r) => {
    const f = r.fields;
    if (!cut(f)) return r;
    if (mend) return joinWeight(r, weightCol);
    // no cell beyond the header: 80 with the note "5", as written
    if (f.length <= width || (noteAfterNext && !WHOLE.test(cell(f, notesCol).trim()))) return r;
    const [w, next] = [cell(f, weightCol).trim(), cell(f, weightCol + 1).trim()];
    return `Weight "${w},${next}" is unclear: it may be ${w}.${next} written with a decimal comma, which needs quotes around it in a file separated by ","`;
  };
}

/** The row with its weight's two parts joined again (`80`, `5` → `80.5`), the cells after them in their columns. */
function joinWeight(record: CsvRecord, weightCol: number): CsvRecord {
  const f = record.fields;
  const q = record.quoted;
  return {
    line: record.line,
    fields: [...f.slice(0, weightCol), `${f[weightCol]!.trim()}.${f[weightCol + 1]!.trim()}`, ...f.slice(weightCol + 2)],
    quoted: [...q.slice(0, weightCol + 1), ...q.slice(weightCol + 2)],
  };
}

/** Rows of a table with one reading per row. */
function readTable(ctx: ReadContext, spec: TableSpec): DateDetection {
  const { collector } = ctx;
  const end = tableEnd(ctx.records, ctx.headerAt);
  ignoreRest(ctx, ctx.records.slice(end));
  const own = ctx.records[ctx.headerAt]!.fields.join('\u0000');
  const data = ctx.records.slice(ctx.headerAt + 1, end).filter((r) => {
    if ((r.fields[0] ?? '').trimStart().startsWith('#')) return false;
    if (r.fields.join('\u0000') !== own) return true;
    collector.ignore('the header repeated');
    return false;
  });
  const detected = detectDateFormat(
    data.map((r) => cell(r.fields, spec.dateCol)),
    spec.knownOrder,
  );
  const dateFormat: DateDetection = ctx.dateFormat ? { ...detected, value: ctx.dateFormat } : detected;
  // an undecided file is read day-first for the preview; the client asks which one before importing
  const order = dateFormat.value ?? detected.candidates[0]!;
  const width = headerWidth(ctx.records[ctx.headerAt]!.fields);
  const latestYear = Number(collector.opts.tomorrow.slice(0, 4));
  const commas = spec.decimalCommas && ctx.delimiter === ',' ? decimalCommas(data, width, spec.weightCol, spec.notesCol ?? -1) : null;
  for (const row of data) {
    const mended = spec.row && ctx.delimiter ? spec.row(row, ctx.delimiter) : row;
    const read = typeof mended === 'string' ? mended : commas ? commas(mended) : mended;
    const written = typeof read === 'string' ? row : read;
    const record = ctx.delimiter ? mendNote(written, width, spec.notesCol, ctx.delimiter) : written;
    const f = record.fields;
    collector.rowHint = ctx.delimiter ? beyondHeader(f, width, ctx.delimiter) : undefined;
    const reason = spec.ignore?.(f);
    if (reason) {
      collector.ignore(reason);
      continue;
    }
    if (typeof read === 'string') {
      // the reason says what the cells beyond the header are
      collector.rowHint = undefined;
      collector.reject(record.line, read);
      continue;
    }
    let weight = (spec.weight ? spec.weight(f) : cell(f, spec.weightCol)).trim();
    if (MISSING.has(weight)) weight = '';
    if (weight === '' && spec.emptyWeight) {
      collector.ignore(spec.emptyWeight);
      continue;
    }
    const dateCell = (spec.date ? spec.date(cell(f, spec.dateCol)) : cell(f, spec.dateCol)).trim();
    const time = spec.timeCol === undefined ? '' : cell(f, spec.timeCol).trim();
    // a time column beside a date cell that holds its own time repeats it (Health Sync writes both)
    const shown = time && dateCell && !(dateCell.length <= MAX_STAMP_LENGTH && HAS_TIME.test(dateCell)) ? `${dateCell} ${time}` : dateCell;
    const stamp = parseStamp(shown, {
      order,
      zone: ctx.zone,
      naiveIsUtc: spec.naiveIsUtc,
      latestYear,
      dottedShortYear: spec.dottedShortYear,
    });
    if (!stamp.ok) {
      collector.reject(record.line, stamp.reason);
      continue;
    }
    let unit = (spec.unitCol === undefined ? null : unitOf(cell(f, spec.unitCol))) ?? spec.unit;
    if (spec.unitInCell && weight.length <= 32) {
      const stLb = STONES_AND_POUNDS.exec(weight);
      const m = stLb ? null : WEIGHT_WITH_UNIT.exec(weight);
      if (stLb) [weight, unit] = [inPounds(stLb[1]!, stLb[2]!), 'lb'];
      else if (m) [weight, unit] = [m[1]!.trim(), unitOf(m[2]!) ?? unit];
    }
    const notes = spec.notes
      ? spec.notes(record)
      : spec.notesCol === undefined || spec.notesCol < 0
        ? null
        : cell(f, spec.notesCol) || null;
    collector.add(record.line, stamp.stamp, shown, weight, unit, notes);
  }
  collector.rowHint = undefined;
  return dateFormat;
}

const table =
  (spec: TableSpec): CsvPlan['read'] =>
  (ctx) =>
    readTable(ctx, spec);

// ---- the formats -------------------------------------------------------------------------------------------

/** Our own CSV export: date,weight_kg,weight_lb,notes. An empty note is written "" and comes back as "". */
const appCsv: Matcher = (h) => {
  if (h.join(',') !== 'date,weight_kg,weight_lb,notes') return null;
  return {
    format: 'app-csv',
    read: table({
      dateCol: 0,
      weightCol: 1,
      unit: 'kg',
      notesCol: 3,
      notes: (r) => (r.fields[3] === '' || r.fields[3] === undefined ? (r.quoted[3] ? '' : null) : unneutralise(r.fields[3])),
    }),
  };
};

/**
 * Libra (Android): `#Version:6`, `#Units:kg` (or lbs), then `#date;weight;weight trend;body fat;body fat trend;
 * muscle mass;muscle mass trend;log` (version 5: `...;body fat trend;comment`). Timestamps are UTC (`...Z`).
 */
const libra: Matcher = (h, _raw, records, headerAt) => {
  if (!has(h, 'date', 'weight', 'weight trend')) return null;
  const unit = preambleUnit(records.slice(0, headerAt).map((r) => r.fields));
  const notesCol = findIndex(h, ['log', 'comment']);
  return {
    format: 'libra',
    read: table({ dateCol: at(h, 'date'), weightCol: at(h, 'weight'), notesCol, unit, notes: (r) => libraLog(r.fields, notesCol) }),
  };
};

/** Text where Libra writes only numbers: never a measure, so a log. */
const LIBRA_TEXT = (cell: string) => !MISSING.has(cell.toLowerCase()) && !Number.isFinite(Number(cell.replace(',', '.')));

/**
 * A reading's log. A row in version 5's layout (the comment sixth, after body fat's trend) may stand under version 6's
 * header, its comment where muscle mass is: when the row ends in text rather than a number, the text from its first
 * such cell on is its log (a `;` typed in it split it).
 */
function libraLog(f: string[], notesCol: number): string | null {
  const log = cell(f, notesCol);
  if (log.trim() !== '') return log;
  let last = (notesCol < 0 ? f.length : Math.min(f.length, notesCol)) - 1;
  while (last > 1 && f[last]!.trim() === '') last--;
  if (last < 2 || !LIBRA_TEXT(f[last]!.trim())) return null;
  const first = f.findIndex((c, i) => i > 1 && c.trim() !== '' && LIBRA_TEXT(c.trim()));
  return f
    .slice(first, last + 1)
    .join(';')
    .trim();
}

/** openScale 1.x's time stamp, `dd.MM.yyyy HH:mm` (Java's SimpleDateFormat). */
const OPENSCALE1_STAMP = /^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/;
/** A number as Java's Float.toString writes it (`80.5`, `0.0`, `1.0E-4`). */
const JAVA_FLOAT = /^-?\d+\.\d+(?:E-?\d+)?$/;
/** The measurements after the stamp in each openScale 1.x release: weight, fat, water, muscle, then lbw, bone, waist, hip in later ones. */
const OPENSCALE1_NUMBERS = [4, 6, 7, 8];

/** How many numbers follow the stamp of an openScale 1.x row, or 0 when the row is not one. */
function openScale1Numbers(fields: string[]): number {
  if (!OPENSCALE1_STAMP.test((fields[0] ?? '').trim())) return 0;
  let n = 0;
  while (n + 1 < fields.length && JAVA_FLOAT.test(fields[n + 1]!.trim())) n++;
  return OPENSCALE1_NUMBERS.filter((k) => k <= n).at(-1) ?? 0;
}

/**
 * openScale 1.x (2014 to 2017): no header at all. Each row is `dd.MM.yyyy HH:mm`, then weight, fat, water and muscle
 * (later also lean body weight, bone, waist and hip), then from mid-2015 the comment, written as typed, commas and
 * all. The weight is kg in the last releases and the person's own unit before them, which the file does not state.
 */
const openScale1: Matcher = (_h, raw, _records, headerAt) => {
  const numbers = headerAt === 0 ? openScale1Numbers(raw) : 0;
  if (!numbers) return null;
  return {
    format: 'openscale-1',
    read: (ctx) => {
      const spec: TableSpec = {
        dateCol: 0,
        weightCol: 1,
        unit: null,
        knownOrder: 'dd/MM/yyyy',
        notes: (r) =>
          r.fields
            .slice(1 + numbers)
            .join(',')
            .trim() || null,
      };
      // the first row is a reading, not a header: read under one of our own, narrower than its rows by design
      const header: CsvRecord = { line: 0, fields: ['datetime', 'weight'], quoted: [false, false] };
      return readTable({ ...ctx, records: [header, ...ctx.records], headerAt: 0, delimiter: undefined }, spec);
    },
  };
};

/**
 * openScale 2.x (simplecsv): a quoted header of the measurement's fields in alphabetical order, `"dateTime"` as
 * `yyyy-MM-dd HH:mm` (before 2.1.2 `dd.MM.yyyy HH:mm`), weights always in kg, newest first.
 */
const openScale2: Matcher = (h) => {
  if (!has(h, 'datetime', 'weight')) return null;
  return {
    format: 'openscale-2',
    read: table({
      dateCol: at(h, 'datetime'),
      weightCol: at(h, 'weight'),
      notesCol: at(h, 'comment'),
      unit: 'kg',
      // its table view's Share writes stray numbers on lines of their own after the readings
      ignore: (f) => (f.length === 1 && /^\s*-?\d+(\.\d+)?\s*$/.test(f[0]!) ? 'lines that hold a lone number, not a reading' : null),
    }),
  };
};

/**
 * openScale 3.x: `DATE,TIME,` then the measurement type keys in alphabetical order (`...,COMMENT,...,WEIGHT,...`),
 * newest first. The weight is in the unit the person set for it (kg, lb or st), which the file does not state.
 */
const openScale3: Matcher = (h, raw) => {
  if (!has(h, 'date', 'time', 'weight')) return null;
  if (raw[at(h, 'date')]!.trim() !== 'DATE' || raw[at(h, 'weight')]!.trim() !== 'WEIGHT') return null;
  return {
    format: 'openscale-3',
    read: table({
      dateCol: at(h, 'date'),
      timeCol: at(h, 'time'),
      weightCol: at(h, 'weight'),
      notesCol: at(h, 'comment'),
      unit: null,
    }),
  };
};

/**
 * TrendWeight's download (Download page, "Download as CSV"): the computed view
 * `Date,Actual Weight,Weight Is Interpolated,Trend Weight,Actual Fat %,Fat Is Interpolated,Trend Fat %` or a scale's
 * readings `Date,Time,Weight,Body Fat %`, newest first by default, in the profile's unit (not stated). Interpolated
 * days are estimates and are left out. Numbers are formatted in the browser's language, so a German browser writes
 * `80,5` into a comma-separated file: such a row has more cells than the header, and the weight is mended.
 */
const trendWeight: Matcher = (h) => {
  const computed = has(h, 'date', 'actual weight', 'weight is interpolated');
  const readings = h.join(',') === 'date,time,weight,body fat %';
  if (!computed && !readings) return null;
  const width = h.length;
  if (computed) {
    const interpolatedCol = at(h, 'weight is interpolated');
    const weightCol = at(h, 'actual weight');
    // in a comma-decimal row the Yes/No cell has moved: the weight is what lies between the date and it
    const yesNo = (f: string[]) => f.findIndex((c, i) => i > weightCol && /^(yes|no)$/i.test(c.trim()));
    return {
      format: 'trendweight',
      read: table({
        dateCol: at(h, 'date'),
        weightCol,
        unit: null,
        ignore: (f) => {
          const i = f.length > width ? yesNo(f) : interpolatedCol;
          return /^yes$/i.test(cell(f, i).trim()) ? 'interpolated days (estimates, not readings)' : null;
        },
        weight: (f) => {
          if (f.length <= width) return cell(f, weightCol);
          const end = yesNo(f);
          return end < 0 ? cell(f, weightCol) : f.slice(weightCol, end).join('.');
        },
      }),
    };
  }
  return {
    format: 'trendweight',
    read: table({
      dateCol: 0,
      timeCol: 1,
      weightCol: 2,
      unit: null,
      // a reading of body fat alone is written with an empty weight
      emptyWeight: 'readings without a weight',
      // every number has one decimal: in a comma-decimal row the weight is two cells
      weight: (f) =>
        f.length > width && cell(f, 2).trim() !== '' && /^\d+$/.test(cell(f, 3).trim()) ? `${cell(f, 2)}.${cell(f, 3)}` : cell(f, 2),
    }),
  };
};

/**
 * The Hacker's Diet Online (Utilities → Export log database → CSV): `Epoch`, `User`, `Preferences` and `Diet-Plan`
 * lines, then for every month a `Date,Weight,Rung,Flag,Comment` header, a `StartTrend` line naming the month's unit
 * (0 kg, 1 lb, 2 stone) and one line per day of the month, most without a weight. `Preferences` names the unit
 * weights are logged in. Comments are ISO-8859-1; other characters are written `\x{20ac}`, a backslash `\\`.
 */
const HDO_UNITS: FileUnit[] = ['kg', 'lb', 'st'];
const HDO_DAY = /^\d{4}-\d{2}-\d{2}$/;
export function decodeHdoText(s: string): string {
  return s
    .replace(/\\(\\|x\{([0-9a-fA-F]{1,6})\})/g, (all, what: string, hex?: string) => {
      if (what === '\\') return '\\';
      const cp = parseInt(hex!, 16);
      return cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff) ? String.fromCodePoint(cp) : all;
    })
    .replace(/&#x([0-9a-fA-F]{1,6});/g, (all, hex: string) => {
      const cp = parseInt(hex, 16);
      return cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff) ? String.fromCodePoint(cp) : all;
    });
}
const hackersDiet: Matcher = (h) => {
  if (h.slice(0, 5).join(',') !== 'date,weight,rung,flag,comment') return null;
  return {
    format: 'hackersdiet',
    read: (ctx) => {
      let unit: FileUnit | null = null;
      for (const r of ctx.records) {
        const key = normalizeHeader(cell(r.fields, 0));
        if (key === 'preferences') {
          unit = unitOf(cell(r.fields, 2)) ?? unit;
          if (unit) ctx.collector.stateUnit(unit);
          continue;
        }
        if (key === 'starttrend') {
          unit = HDO_UNITS[Number(cell(r.fields, 2).trim())] ?? unit;
          continue;
        }
        if (!HDO_DAY.test(key)) continue; // Epoch, User, Diet-Plan and the monthly headers
        const weight = cell(r.fields, 1).trim();
        if (weight === '') {
          ctx.collector.ignore('days without a weight');
          continue;
        }
        const stamp = parseStamp(key, { order: 'yyyy-MM-dd', zone: ctx.zone });
        if (!stamp.ok) {
          ctx.collector.reject(r.line, stamp.reason);
          continue;
        }
        ctx.collector.add(r.line, stamp.stamp, key, weight, unit, decodeHdoText(cell(r.fields, 4)).trim() || null);
      }
      return ISO_ONLY;
    },
  };
};

/**
 * Withings (account → Download my data): weight.csv, `Date,"Weight (kg)","Fat mass (kg)","Bone mass (kg)","Muscle
 * mass (kg)","Hydration (kg)",Comments`, local times `yyyy-MM-dd HH:mm:ss`, newest first; `(lb)` in pounds. In German
 * (older exports): `"Date","Gewicht (kg)","Fettmasse (kg)","Fettfreier Anteil (kg)","Kommentare"`, `2014-02-13 6:04 Uhr`.
 * A measurement of body fat alone has no weight.
 */
const withings: Matcher = (h) => {
  const weightCol = h.findIndex((c) => /^(?:weight|gewicht) \((kg|lb)\)$/.test(c));
  const notesCol = findIndex(h, ['comments', 'kommentare']);
  const fatMass = h.some((c) => c.startsWith('fat mass') || c.startsWith('fettmasse'));
  if (at(h, 'date') < 0 || weightCol < 0 || !(notesCol >= 0 || fatMass)) return null;
  return {
    format: 'withings',
    read: table({
      dateCol: at(h, 'date'),
      weightCol,
      notesCol,
      unit: unitOf(/\((kg|lb)\)/.exec(h[weightCol]!)![1]!),
      emptyWeight: 'readings without a weight',
    }),
  };
};

/**
 * Garmin Connect (Health Stats → Weight → Export): `Time,Weight,Change,BMI,Body Fat,Skeletal Muscle Mass,Bone
 * Mass,Body Water,` where a row holding only a date (` Dec 31, 2017`, or ` 31 Dec 2017` in a day-first account)
 * heads the readings of that day, each with its time (`7:12 AM` or `19:12`) and a weight carrying its unit (`80.4 kg`,
 * `177.4 lbs`); `--` marks a missing value.
 */
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/**
 * A day's heading in the account's date style: ` Feb 3, 2024` (US), ` 3 Feb 2024` (UK and most others) or
 * ` 2024 Feb 3` (year first, as other accounts' exports show).
 */
const GARMIN_DAY_MONTH_FIRST = /^([a-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})$/i;
const GARMIN_DAY_DAY_FIRST = /^(\d{1,2})\.?\s+([a-z]{3})[a-z]*\.?,?\s+(\d{4})$/i;
const GARMIN_DAY_YEAR_FIRST = /^(\d{4}),?\s+([a-z]{3})[a-z]*\.?\s+(\d{1,2})$/i;
function garminDay(cell: string): { month: string; day: string; year: string } | null {
  const m = GARMIN_DAY_MONTH_FIRST.exec(cell);
  if (m) return { month: m[1]!, day: m[2]!, year: m[3]! };
  const d = GARMIN_DAY_DAY_FIRST.exec(cell);
  if (d) return { month: d[2]!, day: d[1]!, year: d[3]! };
  const y = GARMIN_DAY_YEAR_FIRST.exec(cell);
  return y ? { month: y[2]!, day: y[3]!, year: y[1]! } : null;
}
const garmin: Matcher = (h) => {
  if (h[0] !== 'time' || !has(h, 'weight', 'change', 'bmi')) return null;
  const weightCol = at(h, 'weight');
  return {
    format: 'garmin',
    read: (ctx) => {
      let day: string | null = null;
      const records = ctx.records.slice(ctx.headerAt + 1);
      for (const r of records) {
        const first = cell(r.fields, 0).trim();
        const d = garminDay(first);
        if (d) {
          const month = MONTHS.indexOf(d.month.toLowerCase()) + 1;
          day = month > 0 ? `${d.year}-${String(month).padStart(2, '0')}-${d.day.padStart(2, '0')}` : null;
          if (!day) ctx.collector.reject(r.line, `Date "${first}" is not a date`);
          continue;
        }
        if (!day) {
          ctx.collector.reject(r.line, first ? `"${first}" comes before any date` : 'Date is missing');
          continue;
        }
        let weight = cell(r.fields, weightCol).trim();
        if (MISSING.has(weight)) weight = '';
        const stamp = parseStamp(`${day} ${first}`, { order: 'yyyy-MM-dd', zone: ctx.zone });
        if (!stamp.ok) {
          ctx.collector.reject(r.line, stamp.reason);
          continue;
        }
        const m = WEIGHT_WITH_UNIT.exec(weight);
        ctx.collector.add(r.line, stamp.stamp, `${day} ${first}`, m ? m[1]! : weight, m ? unitOf(m[2]!) : null, null);
      }
      return ISO_ONLY;
    },
  };
};

/**
 * Google Fit (Takeout → Fit): `Daily activity metrics.csv` (formerly `Daily Summaries.csv`), one row per day with
 * `Average weight (kg)` among many columns; days without a weight are left out.
 */
const googleFit: Matcher = (h) => {
  const weightCol = at(h, 'average weight (kg)');
  if (at(h, 'date') < 0 || weightCol < 0) return null;
  return {
    format: 'google-fit',
    read: table({ dateCol: at(h, 'date'), weightCol, unit: 'kg', emptyWeight: 'days without a weight' }),
  };
};

/**
 * Samsung Health (Settings → Download personal data): `com.samsung.health.weight.<time>.csv`, whose first line is
 * `com.samsung.health.weight,<version>,<n>`; column names may carry the `com.samsung.health.weight.` prefix.
 * `start_time` is UTC (`time_offset` names the zone of the phone), weights are kg.
 */
const samsung: Matcher = (h, raw) => {
  const s = h.map((c) => c.replace(/^com\.samsung\.health\.weight\./, ''));
  if (!has(s, 'start_time', 'weight')) return null;
  const notesCol = at(s, 'comment');
  return {
    format: 'samsung',
    read: table({
      dateCol: at(s, 'start_time'),
      weightCol: at(s, 'weight'),
      notesCol,
      unit: 'kg',
      naiveIsUtc: true,
      // a measurement of body fat (or another measure) alone
      emptyWeight: 'readings without a weight',
      row: notesCol < 0 ? undefined : samsungComment(raw, notesCol, at(s, 'custom')),
    }),
  };
};

/**
 * Samsung writes its comment as typed, without quotes, in the middle of the row: a separator typed in it splits it and
 * moves every column after it. The columns after the comment are counted from the row's end (Samsung ends the header
 * and every row alike, with a separator), so the comment's cells are joined again and the others read in their place.
 * Its `custom` column is the only other one that may hold free text: when that cell is filled and unquoted, the extra
 * cells may be its own, and the row is refused rather than read from the wrong columns.
 */
function samsungComment(header: string[], commentCol: number, customCol: number) {
  const width = header.length;
  // a header without Samsung's closing separator: empty cells beyond it are separators after the row, not the comment's
  const closed = headerWidth(header) < width;
  return (record: CsvRecord, delimiter: Delimiter): CsvRecord | string => {
    const end = closed ? record.fields.length : filledTo(record.fields, width);
    const extra = end - width;
    if (extra <= 0) return record;
    const f = record.fields.slice(0, end);
    const q = record.quoted.slice(0, end);
    // where the custom cell is: in its place before the comment, counted from the end after it
    const custom = customCol < 0 ? -1 : customCol < commentCol ? customCol : customCol + extra;
    if (custom >= 0 && f[custom]!.trim() !== '' && !q[custom]) {
      const cells = extra === 1 ? '1 cell' : `${extra} cells`;
      return `The row has ${cells} more than its header: its comment or its custom data holds ${shownDelimiter(delimiter)} without quotes around it, and which of the two is unclear`;
    }
    const after = commentCol + extra + 1;
    return {
      line: record.line,
      fields: [...f.slice(0, commentCol), f.slice(commentCol, after).join(delimiter), ...f.slice(after)],
      quoted: [...q.slice(0, commentCol), false, ...q.slice(after)],
    };
  };
}

/** Lose It! (loseit.com → Settings → Export my data): weights.csv, `Date,Weight,Last Updated,Deleted`, month-first dates. */
const loseIt: Matcher = (h) => {
  if (!has(h, 'date', 'weight', 'deleted', 'last updated')) return null;
  const deletedCol = at(h, 'deleted');
  return {
    format: 'loseit',
    read: table({
      dateCol: at(h, 'date'),
      weightCol: at(h, 'weight'),
      unit: null,
      knownOrder: 'MM/dd/yyyy',
      ignore: (f) => (TRUE.test(cell(f, deletedCol).trim()) ? 'rows deleted in Lose It!' : null),
      // it writes `n/a` for a day without a weight
      emptyWeight: 'days without a weight',
    }),
  };
};

/** Columns of body measures headed as only Renpho's export heads them, in English and in German. */
const RENPHO_MEASURE =
  /^(body fat\(%\)|skeletal muscle\(%\)|subcutaneous fat\(%\)|fat-free (body )?(weight|mass)|körperfett\(%\)|skelettmuskel\(%\)|subkutanes fett\(%\)|fettfreies körpergewicht)/;

/**
 * Renpho (app → Me → Export data): `Date,Time,Weight(kg),BMI,Body Fat(%),...,Remarks` with dates `2025.12.03` and
 * `--` for values the scale did not measure (newer exports begin with a `No.` column); older exports start with
 * `Time of Measurement`. The unit is in the header. In German: `Datum, Zeitraum, Gewicht(kg), BMI, Körperfett(%),…`
 * with dates `24.09.25` and the time under `Zeitraum`; older, `Messdatum,Gewicht(kg),…,Bemerkungen` with
 * `24.09.2025, 07:05:48`.
 */
const renpho: Matcher = (h) => {
  const weightCol = h.findIndex((c) => /^(?:weight|gewicht)\s?\((kg|lb|lbs)\)$/.test(c));
  const tom = findIndex(h, ['time of measurement', 'messdatum']);
  const renphoish = at(h, 'time of measurement') >= 0 || h.some((c) => RENPHO_MEASURE.test(c));
  if (weightCol < 0 || !renphoish) return null;
  const unit = unitOf(/\((kg|lb|lbs)\)/.exec(h[weightCol]!)![1]!);
  // the person's remarks, `--` where there are none
  const remarksCol = findIndex(h, ['remarks', 'remark', 'bemerkungen', 'bemerkung']);
  const notes = (r: CsvRecord) => {
    const text = cell(r.fields, remarksCol);
    return MISSING.has(text.trim()) ? null : text;
  };
  const timeCol = findIndex(h, ['time', 'zeitraum', 'uhrzeit']);
  return {
    format: 'renpho',
    read: table(
      tom >= 0
        ? { dateCol: tom, weightCol, unit, notesCol: remarksCol, notes, dottedShortYear: true }
        : {
            dateCol: findIndex(h, ['date', 'datum']),
            timeCol: timeCol >= 0 ? timeCol : undefined,
            weightCol,
            unit,
            notesCol: remarksCol,
            notes,
            dottedShortYear: true,
          },
    ),
  };
};

/**
 * MyFitnessPal (Settings → Export data): the measurements file, `Date,Body Fat %,Weight` in the account's unit; a day
 * it lists with body fat (or another measure) alone has no weight.
 */
const myFitnessPal: Matcher = (h) => {
  if (!has(h, 'date', 'weight', 'body fat %') || h.includes('time')) return null;
  return {
    format: 'myfitnesspal',
    read: table({ dateCol: at(h, 'date'), weightCol: at(h, 'weight'), unit: null, emptyWeight: 'days without a weight' }),
  };
};

/**
 * Any table with a date and a weight column (notes and a time column optional), in several languages. wger's
 * export (`Date,Weight`, in German `Datum,Gewicht`, ...) is such a table whose dates are UTC timestamps.
 */
const WGER_STAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?\+00:00$/;
/** wger kept days, not times, until 2025: those entries come out at midnight UTC, and that is the day as typed. */
const WGER_MIDNIGHT = /^\s*(\d{4}-\d{2}-\d{2}) 00:00:00(?:\.0+)?\+00:00\s*$/;
/** A cell holding a calendar date, as scale apps (Eufy, Zepp Life, VeSync) write a reading's whole stamp under `Time`. */
const HOLDS_DATE = /\d{4}[-./]\d{1,2}[-./]\d{1,2}|\d{1,2}[-./]\d{1,2}[-./]\d{2,4}/;
/** A column naming whose reading a row is, in apps that keep a family's readings in one file (Eufy). */
/** Columns only a training log has (Strong, Hevy, FitNotes): sets and reps of an exercise. */
const WORKOUT_WORDS = ['reps', 'set order', 'exercise name', 'exercise', 'set index', 'set_index', 'exercise_title'];
const isWorkoutHeader = (h: string[]) => h.some((c) => WORKOUT_WORDS.includes(c));
export const WORKOUT_LOG =
  'This file is a workout log (exercises, sets and reps): its weights are what was lifted, not your body weight. Export your body weight from the app instead.';
const MEMBER_WORDS = ['family members', 'family member', 'member', 'user', 'person'];
const MAX_NAMED_MEMBERS = 3;

/** The first few non-empty cells of a column under the header. */
const firstCells = (records: CsvRecord[], headerAt: number, col: number, n = 5) =>
  records
    .slice(headerAt + 1, headerAt + 1 + 50)
    .map((r) => cell(r.fields, col).trim())
    .filter((c) => c !== '')
    .slice(0, n);

/**
 * In a file of several people's readings, those of everyone but the person with the most: one account holds one
 * person's weights. The preview names whose are left out. Null when the file holds one person's.
 */
function otherMembers(records: CsvRecord[], headerAt: number, col: number): ((f: string[]) => string | null) | null {
  const counts = new Map<string, number>();
  for (const r of records.slice(headerAt + 1)) {
    const who = cell(r.fields, col).trim();
    if (who) counts.set(who, (counts.get(who) ?? 0) + 1);
  }
  if (counts.size < 2) return null;
  const [main, ...others] = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([who]) => who);
  const named = others.slice(0, MAX_NAMED_MEMBERS).join(', ') + (others.length > MAX_NAMED_MEMBERS ? ', …' : '');
  const reason = `readings of family members other than ${main} (${named})`;
  return (f) => {
    const who = cell(f, col).trim();
    return who && who !== main ? reason : null;
  };
}

/** A date named among other words of a header, as hand-made sheets head it: `Date & Time`, `Measurement date`. */
const DATE_IN_HEADER = wordAmong(['date', 'datum', 'fecha', 'datetime', 'timestamp', 'dátum', 'dată', 'tarih', 'дата']);

/**
 * What a date column's header says of its cells: `Date (dd/mm/yyyy)` their order, `Date (UTC)` their zone, `Datum
 * (dd.mm.yy)` or `(tt.mm.jj)` that dotted dates have a two-digit year.
 */
function dateHeaderHints(header: string): { knownOrder?: DateFormat; naiveIsUtc?: boolean; dottedShortYear?: boolean } {
  const order = /(?:^|[^a-z])(dd|mm)[/.-](dd|mm)[/.-]yy(?:yy)?(?:$|[^a-z])/.exec(header);
  return {
    knownOrder: order && order[1] !== order[2] ? (order[1] === 'dd' ? 'dd/MM/yyyy' : 'MM/dd/yyyy') : undefined,
    naiveIsUtc: /(?:^|[^a-z])(?:utc|gmt)(?:$|[^a-z])/.test(header) || undefined,
    dottedShortYear: /(?:^|[^a-z])(?:dd\.mm\.yy|tt\.mm\.jj)(?:$|[^a-z])/.test(header) || undefined,
  };
}

/** The column a header names as the date: one of the date words, else a date named among other words. */
function namedDateColumn(h: string[]): number {
  const exact = findIndex(h, DATE_WORDS);
  if (exact >= 0) return exact;
  const compound = h.findIndex(isDatumCompound);
  return compound >= 0 ? compound : h.findIndex((c) => DATE_IN_HEADER.test(c));
}

const generic: Matcher = (h, _raw, records, headerAt) => {
  let dateCol = namedDateColumn(h);
  if (dateCol < 0) {
    const timeCol = at(h, 'time');
    const cells = timeCol < 0 ? [] : firstCells(records, headerAt, timeCol);
    if (cells.length && cells.every((c) => HOLDS_DATE.test(c))) dateCol = timeCol;
  }
  if (dateCol < 0) return null;
  // a column stating kg wins over a bare or a pound one: our own old export carried both
  let weightCol = -1;
  let unit: FileUnit | null = null;
  for (const [i, c] of h.entries()) {
    const m = WEIGHT_HEADER.exec(c) ?? UNIT_HEADER.exec(c);
    if (!m) continue;
    const u = headerUnit(m);
    if (weightCol < 0 || (u === 'kg' && unit !== 'kg')) [weightCol, unit] = [i, u];
  }
  if (weightCol < 0) [weightCol, unit] = [h.findIndex((c) => STONES_HEADER.test(c)), 'st'];
  if (weightCol < 0) return null;
  // a training log's weights are what was lifted: read as body weight they would fill the chart with nonsense
  if (isWorkoutHeader(h)) return null;
  const firstDate = cell(records[headerAt + 1]?.fields ?? [], dateCol).trim();
  const format: FormatId = h.length === 2 && WGER_STAMP.test(firstDate) ? 'wger' : 'generic';
  const timeCol = h.findIndex((c, i) => i !== dateCol && TIME_WORDS.includes(c));
  const memberCol = findIndex(h, MEMBER_WORDS);
  const otherMember = memberCol < 0 ? null : otherMembers(records, headerAt, memberCol);
  const exactNotes = findIndex(h, NOTES_WORDS);
  // a notes column headed with more words (`Notes (optional)`, `Comments/Notes`) is still the notes, not lost
  const notesCol = exactNotes >= 0 ? exactNotes : h.findIndex((c, i) => i !== dateCol && i !== weightCol && NOTES_IN_HEADER.test(c));
  const unitCol = findIndex(h, UNIT_COLUMN_WORDS);
  // stones and pounds, a column each (`Date,Stone,Pounds`), or pounds and ounces (`date,lbs,oz`, as a baby's weight
  // is written): the pounds column is the one found, the others join it
  const stoneCol = unit === 'lb' ? findIndex(h, STONE_WORDS) : -1;
  const ounceCol = unit === 'lb' ? findIndex(h, ['oz', 'ounce', 'ounces', 'ounce(s)']) : -1;
  // a file of many measures (Health Auto Export's every metric, a sheet of body measures) has days with no weight
  // among them: those are left out, while a row of a plain date-and-weight sheet with its weight missing is a mistake
  const own = new Set([dateCol, timeCol, weightCol, notesCol, unitCol, memberCol, stoneCol, ounceCol]);
  const otherMeasures = h.filter((c, i) => c !== '' && !own.has(i)).length;
  return {
    format,
    read: table({
      dateCol,
      emptyWeight: otherMeasures >= 2 ? 'days without a weight' : undefined,
      ...dateHeaderHints(h[dateCol]!),
      date: format === 'wger' ? (c) => WGER_MIDNIGHT.exec(c)?.[1] ?? c : undefined,
      ignore: otherMember ?? undefined,
      timeCol: timeCol >= 0 ? timeCol : undefined,
      weightCol,
      unit,
      unitCol: unitCol >= 0 ? unitCol : undefined,
      weight:
        stoneCol < 0 && ounceCol < 0
          ? undefined
          : (f) => inPounds(stoneCol < 0 ? '' : cell(f, stoneCol), cell(f, weightCol), ounceCol < 0 ? '' : cell(f, ounceCol)),
      // a cell that carries its unit ("176.4 lb") says which it is, whatever the header
      unitInCell: true,
      // ounces after the pounds would be read as the pounds' decimals
      decimalCommas: ounceCol < 0,
      notesCol: notesCol < 0 ? undefined : notesCol,
      notes: notesCol < 0 ? undefined : (r) => unneutralise(cell(r.fields, notesCol)) || null,
    }),
  };
};

/**
 * Fitbit's CSV export (fitbit.com → Settings → Data export, "Export your account archive" before it, and the file
 * Garmin Connect's "Import data" takes): sections one after another, each a title line, a header and rows whose every
 * cell is quoted; weights are under `Body`, `Date,Weight,BMI,Fat`, in the account's unit (not stated), dates in the
 * account's style. Counts in the other sections carry thousands separators (`"1,950"`): they are left out.
 */
const fitbitCsv: Matcher = (h) => {
  if (h.join(',') !== 'date,weight,bmi,fat') return null;
  return { format: 'fitbit-csv', read: table({ dateCol: 0, weightCol: 1, unit: null }) };
};

/**
 * Fitbit's export through Google Takeout (since Fitbit accounts moved to Google): `Google Health/Physical
 * Activity_GoogleData/weight.csv`, `timestamp,weight grams,data source`, UTC instants (`2018-05-28T13:30:12Z`, or
 * with a fraction `…06:00:00.1Z`) and the weight in whole grams.
 */
const fitbitGoogle: Matcher = (h) => {
  const weightCol = at(h, 'weight grams');
  if (h[0] !== 'timestamp' || weightCol < 0) return null;
  return {
    format: 'fitbit-google',
    read: table({
      dateCol: 0,
      weightCol,
      unit: 'kg',
      // grams to kilograms, as text so the reading's own checks apply; a cell that is no number is rejected as it is
      weight: (f) => {
        const g = cell(f, weightCol).trim();
        return /^\d+(\.\d+)?$/.test(g) ? String(Number(g) / 1000) : g;
      },
    }),
  };
};

/**
 * Cronometer (Settings → Account → Export Data → Biometrics): one measurement per row, `Day,Group,Metric,Unit,Amount`;
 * weights are the metric `Weight` (or `Weight (Garmin)` and the like, by the device that sent them), with their unit.
 */
const cronometer: Matcher = (h) => {
  if (!has(h, 'day', 'metric', 'unit', 'amount')) return null;
  const metricCol = at(h, 'metric');
  return {
    format: 'cronometer',
    read: table({
      dateCol: at(h, 'day'),
      weightCol: at(h, 'amount'),
      unit: null,
      unitCol: at(h, 'unit'),
      ignore: (f) => (/^weight\b/i.test(cell(f, metricCol).trim()) ? null : 'other measurements (heart rate, waist, sleep, …)'),
    }),
  };
};

/**
 * QS Access (iOS; it exports what Apple Health holds): `Start,Finish,Weight (lb)` (or `(kg)`), `26-Sep-2015 05:42`,
 * one row a sample or one a day; a day without a reading holds `0.0`, and a sample dated at the clock's zero
 * (1 Jan 1970 in UTC, shown in the phone's zone) is no reading either.
 */
const QS_ACCESS_ZERO = /^(31-Dec-1969|01-Jan-1970)\b/i;
const qsAccess: Matcher = (h) => {
  if (h.length !== 3 || h[0] !== 'start' || h[1] !== 'finish') return null;
  const m = WEIGHT_HEADER.exec(h[2]!);
  if (!m) return null;
  return {
    format: 'qs-access',
    read: table({
      dateCol: 0,
      weightCol: 2,
      unit: headerUnit(m),
      knownOrder: 'dd/MM/yyyy',
      ignore: (f) => (QS_ACCESS_ZERO.test(cell(f, 0).trim()) ? 'samples dated 1 Jan 1970 (no real time)' : null),
      emptyWeight: 'days without a weight',
      weight: (f) => {
        const w = cell(f, 2).trim();
        return /^0+(\.0+)?$/.test(w) ? '' : w;
      },
    }),
  };
};

/** The order matters: the most specific layouts first, the generic table last. */
const MATCHERS: Matcher[] = [
  openScale1,
  appCsv,
  hackersDiet,
  libra,
  openScale2,
  openScale3,
  trendWeight,
  withings,
  garmin,
  googleFit,
  samsung,
  loseIt,
  renpho,
  myFitnessPal,
  fitbitCsv,
  fitbitGoogle,
  cronometer,
  qsAccess,
  generic,
];

/** How many lines before the header a file may hold (Libra's comments, Samsung's title line). */
export const MAX_PREAMBLE = 20;

/** The first row (of the first MAX_PREAMBLE) that is a header we know, and how to read the rows under it. */
export function detectCsv(records: CsvRecord[]): { plan: CsvPlan; headerAt: number } | null {
  for (let i = 0; i < Math.min(records.length, MAX_PREAMBLE); i++) {
    const raw = records[i]!.fields;
    const h = raw.map(normalizeHeader);
    for (const match of MATCHERS) {
      const plan = match(h, raw, records, i);
      if (plan) return { plan, headerAt: i };
    }
  }
  return null;
}

/** Header cells named when a table has dates and no weights, and the characters they may take. */
const NAMED_HEADER_CELLS = 6;
const NAMED_HEADER_CHARS = 120;

/**
 * Why no header of the file was recognised: a training log is named as such; a table with a date column but no
 * weight column (a Google Fit day file without weighings, a sheet of steps) says so and names its columns, so that
 * the person sees which file it was and what is missing; anything else is not recognised.
 */
export function unrecognised(records: CsvRecord[]): string {
  const headers = records.slice(0, MAX_PREAMBLE).map((r) => r.fields);
  if (headers.some((raw) => isWorkoutHeader(raw.map(normalizeHeader)))) return WORKOUT_LOG;
  const dated = headers.find((raw) => {
    const h = raw.map(normalizeHeader);
    return h.length >= 2 && namedDateColumn(h) >= 0;
  });
  if (!dated) return NOT_RECOGNISED;
  const cells = dated.map((c) => c.trim()).filter(Boolean);
  let named = cells.slice(0, NAMED_HEADER_CELLS).join(', ') + (cells.length > NAMED_HEADER_CELLS ? ', …' : '');
  if (named.length > NAMED_HEADER_CHARS) named = `${named.slice(0, NAMED_HEADER_CHARS - 1)}…`;
  return `The file was not recognised: it has dates but no weight column (its columns: ${named}). It needs one headed such as "weight", "weight_kg" or "Weight (lb)", or must be an export of one of the apps listed under Import`;
}

/** A unit stated before the header: a `#Units:lb` comment line (Libra) or a `Unit` cell with the value under it. */
export function preambleUnit(records: string[][]): FileUnit | null {
  for (let r = 0; r < records.length; r++) {
    const row = records[r]!;
    for (let c = 0; c < row.length; c++) {
      const value = normalizeHeader(row[c]!);
      const inline = /^units?\s*[:=]\s*(\S+)$/.exec(value);
      const below = value === 'unit' || value === 'units' ? records[r + 1]?.[c] : undefined;
      const unit = inline ? unitOf(inline[1]!) : below === undefined ? null : unitOf(below);
      if (unit) return unit;
    }
  }
  return null;
}
