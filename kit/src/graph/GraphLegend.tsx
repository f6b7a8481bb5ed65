import type { DatasetRole } from './types';
import type { LegendItem } from './legend';

/** The key of one entry, drawn as the graph draws that line: its colour, its dashes, its marker. */
function Key({ item }: { item: LegendItem }) {
  return (
    <svg className="graph-legend-key" width="28" height="12" viewBox="0 0 28 12" aria-hidden="true" focusable="false">
      {item.marker === 'band' && <rect x="1" y="2" width="26" height="8" rx="2" fill={item.color} />}
      {item.dash && (
        <line
          x1="1"
          y1="6"
          x2="27"
          y2="6"
          stroke={item.color}
          strokeWidth="2"
          strokeDasharray={item.dash.length ? item.dash.join(' ') : undefined}
        />
      )}
      {item.marker === 'dot' && <circle cx="14" cy="6" r="3.5" fill={item.color} />}
      {item.marker === 'diamond' && (
        <rect x="10" y="2" width="6" height="6" transform="rotate(45 13 5)" fill="none" stroke={item.color} strokeWidth="2" />
      )}
    </svg>
  );
}

/**
 * The graph's legend as buttons: each shows or hides its line, from the keyboard as from the mouse, and says whether
 * it is shown (aria-pressed). Drawn in the page rather than on the canvas, where a legend is only a picture.
 */
export function GraphLegend({
  items,
  hidden,
  onToggle,
}: {
  items: LegendItem[];
  hidden: ReadonlySet<DatasetRole>;
  onToggle: (role: DatasetRole) => void;
}) {
  if (items.length === 0) return null;
  return (
    <ul className="graph-legend" aria-label="Lines shown on the graph">
      {items.map((item) => (
        <li key={item.role}>
          <button type="button" className="graph-legend-item" aria-pressed={!hidden.has(item.role)} onClick={() => onToggle(item.role)}>
            <Key item={item} />
            {item.label}
          </button>
        </li>
      ))}
    </ul>
  );
}
