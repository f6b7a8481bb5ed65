import { describe, expect, it } from 'vitest';
import { atX, clipPolygonToX, clipSegmentToX } from './clipToX';

describe('atX', () => {
  it('reads the line through two points at any x, inside or beyond them', () => {
    expect(atX({ x: 0, y: 95 }, { x: 100, y: 78 }, 50)).toEqual({ x: 50, y: 86.5 });
    expect(atX({ x: 0, y: 95 }, { x: 100, y: 78 }, 200)).toEqual({ x: 200, y: 61 });
  });

  it('keeps the first point’s weight on a vertical segment', () => {
    expect(atX({ x: 5, y: 80 }, { x: 5, y: 90 }, 5)).toEqual({ x: 5, y: 80 });
  });
});

describe('clipSegmentToX', () => {
  it('cuts a plan that starts long before a week and ends long after it to the week, at the weights it has there', () => {
    // 95 kg on day 0, 78 kg on day 930: 17/930 kg a day down
    const day = 86_400_000;
    const [from, to] = clipSegmentToX({ x: 0, y: 95 }, { x: 930 * day, y: 78 }, 724 * day, 730 * day)!;
    expect(from.x).toBe(724 * day);
    expect(from.y).toBeCloseTo(95 - (17 * 724) / 930, 10);
    expect(to.x).toBe(730 * day);
    expect(to.y).toBeCloseTo(95 - (17 * 730) / 930, 10);
  });

  it('leaves ends that are inside as they are', () => {
    expect(clipSegmentToX({ x: 2, y: 1 }, { x: 8, y: 4 }, 0, 10)).toEqual([
      { x: 2, y: 1 },
      { x: 8, y: 4 },
    ]);
    expect(clipSegmentToX({ x: -10, y: 0 }, { x: 5, y: 15 }, 0, 10)).toEqual([
      { x: 0, y: 10 },
      { x: 5, y: 15 },
    ]);
  });

  it('keeps the order of a segment given right to left', () => {
    expect(clipSegmentToX({ x: 20, y: 20 }, { x: 0, y: 0 }, 5, 10)).toEqual([
      { x: 10, y: 10 },
      { x: 5, y: 5 },
    ]);
  });

  it('is null for a segment wholly before or after the range, and a point on its edge for one that touches it', () => {
    expect(clipSegmentToX({ x: -5, y: 1 }, { x: -1, y: 2 }, 0, 10)).toBeNull();
    expect(clipSegmentToX({ x: 11, y: 1 }, { x: 15, y: 2 }, 0, 10)).toBeNull();
    expect(clipSegmentToX({ x: -5, y: 1 }, { x: 0, y: 2 }, 0, 10)).toEqual([
      { x: 0, y: 2 },
      { x: 0, y: 2 },
    ]);
  });
});

describe('clipPolygonToX', () => {
  it('cuts a forecast wedge that reaches months past the axis at its right edge', () => {
    // from the last trend point (x 10, 82) to the target 78 between x 100 and x 200, on an axis from 0 to 20
    const clipped = clipPolygonToX(
      [
        { x: 10, y: 82 },
        { x: 100, y: 78 },
        { x: 200, y: 78 },
      ],
      0,
      20,
    );
    expect(clipped).toHaveLength(3);
    expect(clipped).toContainEqual({ x: 10, y: 82 });
    // the wedge's two edges where they cross the axis's end
    const edge = clipped.filter((p) => p.x === 20).map((p) => p.y);
    expect(edge).toHaveLength(2);
    expect(Math.min(...edge)).toBeCloseTo(82 - (4 * 10) / 90, 10);
    expect(Math.max(...edge)).toBeCloseTo(82 - (4 * 10) / 190, 10);
  });

  it('keeps a polygon inside the range whole, and drops one outside it', () => {
    const inside = [
      { x: 1, y: 1 },
      { x: 5, y: 1 },
      { x: 3, y: 4 },
    ];
    expect(clipPolygonToX(inside, 0, 10)).toEqual(inside);
    expect(clipPolygonToX(inside, 6, 10)).toEqual([]);
  });

  it('cuts both sides of a polygon wider than the range', () => {
    const clipped = clipPolygonToX(
      [
        { x: -10, y: 0 },
        { x: 10, y: 0 },
        { x: 10, y: 10 },
        { x: -10, y: 10 },
      ],
      -2,
      3,
    );
    expect(Math.min(...clipped.map((p) => p.x))).toBe(-2);
    expect(Math.max(...clipped.map((p) => p.x))).toBe(3);
    expect(clipped).toHaveLength(4);
  });
});
