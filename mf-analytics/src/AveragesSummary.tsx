import { averagesToChartPoints, formatWeightWithUnit, type AveragedItem, type AveragedMode, type UnitSystem, type WeekStartsOn } from '@app/kit';

interface AveragesSummaryProps {
  averages: readonly AveragedItem[];
  mode: AveragedMode;
  unit: UnitSystem;
  weekStartsOn: WeekStartsOn;
}

function daysText(count: number | undefined): string {
  if (count === undefined) return '';
  return ` (${count} ${count === 1 ? 'day' : 'days'})`;
}

/** The averages as text under the chart, so they can be read without hovering (and by screen readers). */
export function AveragesSummary({ averages, mode, unit, weekStartsOn }: AveragesSummaryProps) {
  let points;
  try {
    points = averagesToChartPoints(averages, mode, weekStartsOn);
  } catch {
    return null; // the graph itself shows the parsing error
  }
  if (points.length === 0) return null;
  return (
    <section className="an-averages" aria-labelledby="an-averages-title">
      <h3 id="an-averages-title">Averages</h3>
      <ul>
        {points.map((point) => (
          <li key={point.date}>
            {point.label}: {formatWeightWithUnit(point.value, unit)}
            {daysText(point.count)}
          </li>
        ))}
      </ul>
    </section>
  );
}
