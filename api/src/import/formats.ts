/**
 * The CSV formats we recognise, told apart by their header row (case-insensitive, a leading '#' ignored).
 * The shapes follow the public descriptions of each app's export; see the README section "Your data".
 */
export type Unit = 'kg' | 'lb';
export type FormatId = 'generic' | 'libra' | 'openscale' | 'trendweight' | 'hackersdiet';

export type FormatSpec = {
  id: FormatId;
  label: string;
  dateCol: number;
  weightCol: number;
  notesCol: number | null;
  /** The unit the header itself states (weight_lb, openScale's kg), if any. */
  headerUnit: Unit | null;
  /** The unit when neither the header, a preamble line nor the request says: Hacker's Diet defaults to lb. */
  defaultUnit: Unit;
};

export const FORMAT_LABELS: Record<FormatId, string> = {
  generic: 'Generic CSV (date, weight, notes)',
  libra: 'Libra',
  openscale: 'openScale',
  trendweight: 'TrendWeight',
  hackersdiet: "The Hacker's Diet Online",
};

export const normalizeHeader = (cell: string) => cell.trim().replace(/^#\s*/, '').trim().toLowerCase().replace(/\s+/g, ' ');

const GENERIC_WEIGHT: Record<string, Unit | null> = {
  weight: null,
  weight_kg: 'kg',
  'weight (kg)': 'kg',
  'weight kg': 'kg',
  weightkg: 'kg',
  weight_lb: 'lb',
  weight_lbs: 'lb',
  'weight (lb)': 'lb',
  'weight (lbs)': 'lb',
  'weight lb': 'lb',
  weightlb: 'lb',
};
const NOTES = ['notes', 'note', 'comment', 'comments', 'log'];

const spec = (
  id: FormatId,
  dateCol: number,
  weightCol: number,
  notesCol: number,
  headerUnit: Unit | null,
  defaultUnit: Unit = 'kg',
): FormatSpec => ({
  id,
  label: FORMAT_LABELS[id],
  dateCol,
  weightCol,
  notesCol: notesCol >= 0 ? notesCol : null,
  headerUnit,
  defaultUnit,
});

/** The format a header row announces, or null when the row is not a header we know. */
export function detectFormat(cells: string[]): FormatSpec | null {
  const h = cells.map(normalizeHeader);
  const at = (name: string) => h.indexOf(name);
  const notes = h.findIndex((c) => NOTES.includes(c));
  if (at('date') >= 0 && at('weight') >= 0 && at('weight trend') >= 0) return spec('libra', at('date'), at('weight'), at('log'), null);
  if (at('datetime') >= 0 && at('weight') >= 0) return spec('openscale', at('datetime'), at('weight'), at('comment'), 'kg');
  if (at('date') >= 0 && at('trendweight') >= 0 && at('weight') >= 0) return spec('trendweight', at('date'), at('weight'), -1, null);
  if (at('date') >= 0 && at('weight') >= 0 && at('trend') >= 0 && at('rung') >= 0)
    return spec('hackersdiet', at('date'), at('weight'), at('comment'), null, 'lb');
  if (at('date') < 0) return null;
  // our own export carries weight_kg and weight_lb: the kg column wins
  for (const name of ['weight_kg', ...Object.keys(GENERIC_WEIGHT)]) {
    if (at(name) >= 0) return spec('generic', at('date'), at(name), notes, GENERIC_WEIGHT[name]!);
  }
  return null;
}

/** A unit stated before the header: a 'Unit' cell with the value under it (Hacker's Diet), or '#Units:lb' (Libra). */
export function preambleUnit(records: string[][]): Unit | null {
  for (let r = 0; r < records.length; r++) {
    const row = records[r]!;
    for (let c = 0; c < row.length; c++) {
      const cell = normalizeHeader(row[c]!);
      const inline = /^units?\s*[:=]\s*(\S+)$/.exec(cell);
      const value = inline ? inline[1] : cell === 'unit' || cell === 'units' ? records[r + 1]?.[c] : undefined;
      const unit = value === undefined ? null : unitOf(value);
      if (unit) return unit;
    }
  }
  return null;
}

export function unitOf(value: string): Unit | null {
  const v = value.trim().toLowerCase();
  if (['kg', 'kgs', 'kilogram', 'kilograms'].includes(v)) return 'kg';
  if (['lb', 'lbs', 'pound', 'pounds'].includes(v)) return 'lb';
  return null;
}
