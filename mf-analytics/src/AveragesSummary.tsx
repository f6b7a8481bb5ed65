import { useId, useState } from 'react';
import {
  averagesToChartPoints,
  formatWeightWithUnit,
  isThinAverage,
  type AveragedItem,
  type AveragedMode,
  type UnitSystem,
  type WeekStartsOn,
} from '@app/kit';
import { Pagination } from './Pagination';
import { pageCount, pageOf } from './history';

interface AveragesSummaryProps {
  averages: readonly AveragedItem[];
  mode: AveragedMode;
  unit: UnitSystem;
  weekStartsOn: WeekStartsOn;
}

export const THIN_AVERAGE_BADGE = 'few readings';
/** Averages per page: a quarter of weeks, a year of months, a dozen years. */
export const AVERAGES_PAGE_SIZE = 12;

const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

function daysText(count: number | undefined): string {
  return count === undefined ? '' : ` (${days(count)})`;
}

/** 'Based on only 2 days': why an average is marked thin. */
export function thinAverageExplanation(count: number): string {
  return `Based on only ${days(count)}`;
}

/**
 * The averages as text under the chart, so they can be read without hovering (and by screen readers); newest
 * first, twelve to a page, so two years of weeks never make a page of chips.
 * A thin average (isThinAverage) gets a 'few readings' badge drawn by CSS, so the item's text stays
 * '{label}: {value} ({n} days)', and the reason 'Based on only n days' as its accessible description.
 */
export function AveragesSummary({ averages, mode, unit }: AveragesSummaryProps) {
  const idPrefix = useId();
  const [page, setPage] = useState(1);
  let points;
  try {
    points = averagesToChartPoints(averages, mode);
  } catch {
    return null; // the graph itself shows the parsing error
  }
  if (points.length === 0) return null;
  const newest = [...points].reverse();
  const pages = pageCount(newest.length, AVERAGES_PAGE_SIZE);
  const current = Math.min(page, pages);
  const shown = pageOf(newest, current, AVERAGES_PAGE_SIZE);
  const thin = shown.filter((point) => point.count !== undefined && isThinAverage(point.count, mode));
  const reasonId = (date: string) => `${idPrefix}-thin-${date}`;
  return (
    <section className="an-averages" aria-labelledby="an-averages-title">
      <h3 id="an-averages-title">Averages</h3>
      <ul>
        {shown.map((point) => {
          const isThin = thin.includes(point);
          return (
            <li
              key={point.date}
              className={isThin ? 'an-average-thin' : undefined}
              data-badge={isThin ? THIN_AVERAGE_BADGE : undefined}
              title={isThin ? thinAverageExplanation(point.count as number) : undefined}
              aria-describedby={isThin ? reasonId(point.date) : undefined}
            >
              {point.label}: {formatWeightWithUnit(point.value, unit)}
              {daysText(point.count)}
            </li>
          );
        })}
      </ul>
      <Pagination page={current} pages={pages} onPage={setPage} label="Averages pages" />
      {thin.length > 0 && (
        // Referenced by aria-describedby: read as each thin item's description, never shown.
        <div hidden>
          {thin.map((point) => (
            <span key={point.date} id={reasonId(point.date)}>
              {thinAverageExplanation(point.count as number)}
            </span>
          ))}
        </div>
      )}
    </section>
  );
}
