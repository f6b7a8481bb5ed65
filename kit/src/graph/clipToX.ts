/**
 * Lines and shapes cut to the x-axis's range in data units, before chart.js turns them into pixels. chart.js clamps
 * every pixel to ±32,768 to spare the canvas, so a line to a point far off the axis (a goal's plan begun two years
 * ago, seen on a one-week axis 1,000 px wide, starts 100,000 px to the left) is drawn with a clamped end: at the
 * wrong slope and the wrong weight. Cut here, each end sits on the axis's edge at the weight the line has there.
 */
import type { XY } from '../domain/decimate';

/** The point of the straight line through `a` and `b` at `x`. */
export function atX(a: XY, b: XY, x: number): XY {
  if (a.x === b.x) return { x, y: a.y };
  return { x, y: a.y + ((b.y - a.y) * (x - a.x)) / (b.x - a.x) };
}

/** The part of the segment from `a` to `b` between `min` and `max` (the same ends where they are inside), or null. */
export function clipSegmentToX(a: XY, b: XY, min: number, max: number): [XY, XY] | null {
  const [left, right] = a.x <= b.x ? [a, b] : [b, a];
  if (right.x < min || left.x > max) return null;
  const from = left.x < min ? atX(left, right, min) : left;
  const to = right.x > max ? atX(left, right, max) : right;
  return a.x <= b.x ? [from, to] : [to, from];
}

/** A closed polygon cut to `min` ≤ x ≤ `max` (Sutherland–Hodgman against the two edges); empty when none is left. */
export function clipPolygonToX(points: readonly XY[], min: number, max: number): XY[] {
  const keep = (inside: (p: XY) => boolean, edge: number, polygon: readonly XY[]): XY[] => {
    const out: XY[] = [];
    polygon.forEach((current, i) => {
      const previous = polygon[(i + polygon.length - 1) % polygon.length]!;
      if (inside(current)) {
        if (!inside(previous)) out.push(atX(previous, current, edge));
        out.push(current);
      } else if (inside(previous)) {
        out.push(atX(previous, current, edge));
      }
    });
    return out;
  };
  return keep(
    (p) => p.x <= max,
    max,
    keep((p) => p.x >= min, min, points),
  );
}
