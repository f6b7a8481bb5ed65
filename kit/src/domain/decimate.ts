/** A point on a plot: x and y in any units (timestamps and weights here). */
export interface XY {
  x: number;
  y: number;
}

/**
 * Largest-Triangle-Three-Buckets: the indices of at most `threshold` points (sorted by x) that keep the shape of
 * the line — each bucket keeps the point making the largest triangle with its neighbours' picks, so peaks and dips
 * survive where an every-nth pick would drop them. The first and last points are always kept; fewer points than
 * the threshold are kept whole. The picks are real points, so a click on one still means that day.
 */
export function lttbIndices(points: readonly XY[], threshold: number): number[] {
  const n = points.length;
  if (threshold >= n || n <= 2) return points.map((_, i) => i);
  if (threshold < 3) return [0, n - 1];
  const picked = [0];
  const every = (n - 2) / (threshold - 2);
  let a = 0;
  for (let bucket = 0; bucket < threshold - 2; bucket++) {
    // the next bucket's average is the third corner of the triangles
    const nextStart = Math.floor((bucket + 1) * every) + 1;
    const nextEnd = Math.min(Math.floor((bucket + 2) * every) + 1, n);
    let avgX = 0;
    let avgY = 0;
    for (let i = nextStart; i < nextEnd; i++) {
      avgX += points[i]!.x;
      avgY += points[i]!.y;
    }
    const span = Math.max(1, nextEnd - nextStart);
    avgX /= span;
    avgY /= span;
    const start = Math.floor(bucket * every) + 1;
    const end = Math.floor((bucket + 1) * every) + 1;
    const pa = points[a]!;
    let best = start;
    let bestArea = -1;
    for (let i = start; i < end; i++) {
      const p = points[i]!;
      const area = Math.abs((pa.x - avgX) * (p.y - pa.y) - (pa.x - p.x) * (avgY - pa.y));
      if (area > bestArea) {
        bestArea = area;
        best = i;
      }
    }
    picked.push(best);
    a = best;
  }
  picked.push(n - 1);
  return picked;
}
