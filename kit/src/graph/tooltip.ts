import { weightTooltipLabel } from '../domain/chartLabels';
import type { UnitSystem } from '../domain/units';
import type { GraphPoint } from './types';

/**
 * Tooltip body of a point: 'Weight: 72.5 kg' (' (avg)' for averages) in the display unit,
 * then the notes as a second line when there are any.
 */
export function tooltipLabel(point: Pick<GraphPoint, 'valueKg' | 'notes' | 'averaged'>, unit: UnitSystem): string | string[] {
  const weight = weightTooltipLabel(point.valueKg, unit, point.averaged);
  const notes = point.notes?.trim();
  return notes ? [weight, notes] : weight;
}

/** Tooltip title: the point's label ('Mon 30 Dec', '2025 Week 1 (30 Dec)', 'January 2025', '2025'). */
export function tooltipTitle(point: Pick<GraphPoint, 'label'> | undefined): string {
  return point?.label ?? '';
}
