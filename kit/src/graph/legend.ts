import type { DatasetRole, GraphModel } from './types';

/** How a legend entry draws its key: the line's own colour and dashes, and its marker if it has one. */
export interface LegendItem {
  role: DatasetRole;
  label: string;
  color: string;
  /** The line's dash pattern (empty: solid); null when the entry is not a line (the band, the waiting markers). */
  dash: number[] | null;
  marker: 'dot' | 'diamond' | 'band' | null;
}

const colorOf = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback);

/**
 * The graph's legend, one entry per drawn dataset in the datasets' order, keyed the way each is drawn: the target's
 * long dashes and the plan's short ones tell the two goal lines apart where their colour is the same. None when the
 * graph draws one thing only.
 */
export function legendItems(model: GraphModel): LegendItem[] {
  if (model.status !== 'ok' || model.roles.length < 2) return [];
  return model.roles.flatMap((role, i): LegendItem[] => {
    const d = model.data.datasets[i];
    if (!d?.label) return [];
    const color = colorOf(d.borderColor, '#000000');
    if (role === 'forecast') return [{ role, label: d.label, color: colorOf(d.backgroundColor, color), dash: null, marker: 'band' }];
    if (role === 'pending') return [{ role, label: d.label, color: colorOf(d.pointBorderColor, color), dash: null, marker: 'diamond' }];
    const dash = Array.isArray(d.borderDash) ? d.borderDash.filter((n): n is number => typeof n === 'number') : [];
    const marker = typeof d.pointRadius === 'number' && d.pointRadius > 0 ? 'dot' : null;
    return [{ role, label: d.label, color, dash, marker }];
  });
}
