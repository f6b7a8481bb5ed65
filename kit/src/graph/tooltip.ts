import { formatWeight, type UnitSystem, WAITING_TO_BE_SENT, weightTooltipLabel, weightUnitLabel } from '@app/kit';
import type { GraphPoint } from './types';

/** 'Trend: 72.5 kg' in the display unit. */
export function trendTooltipLabel(trendKg: number, unit: UnitSystem): string {
  return `Trend: ${formatWeight(trendKg, unit)} ${weightUnitLabel(unit)}`;
}

/**
 * Tooltip body of a point: 'Weight: 72.5 kg' (' (avg)' for averages) in the display unit, then
 * 'Waiting to be sent (logged offline)' for a weight not on the server yet, 'Trend: 72.1 kg' while the trend is
 * shown, then the notes as a last line when there are any.
 */
export function tooltipLabel(
  point: Pick<GraphPoint, 'valueKg' | 'notes' | 'averaged' | 'trendKg' | 'pending'>,
  unit: UnitSystem,
): string | string[] {
  const lines = [weightTooltipLabel(point.valueKg, unit, point.averaged)];
  if (point.pending) lines.push(`${WAITING_TO_BE_SENT} (logged offline)`);
  if (typeof point.trendKg === 'number' && Number.isFinite(point.trendKg)) lines.push(trendTooltipLabel(point.trendKg, unit));
  const notes = point.notes?.trim();
  if (notes) lines.push(notes);
  return lines.length === 1 ? lines[0] : lines;
}

/** Tooltip title: the point's label ('Mon 30 Dec', '2025 Week 1 (30 Dec)', 'January 2025', '2025'). */
export function tooltipTitle(point: Pick<GraphPoint, 'label'> | undefined): string {
  return point?.label ?? '';
}
