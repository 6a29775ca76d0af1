import { describe, expect, it } from 'vitest';
import { changeColour, squarify } from './treemap';

const area = (r: { w: number; h: number }) => r.w * r.h;

describe('squarify', () => {
  it('gives each value its share of the area, inside the rectangle, without overlaps', () => {
    const values = [6, 6, 4, 3, 2, 2, 1];
    const rects = squarify(values, { x: 0, y: 0, w: 6, h: 4 });
    rects.forEach((r, i) => {
      expect(area(r)).toBeCloseTo(values[i] as number, 9);
      expect(r.x).toBeGreaterThanOrEqual(-1e-9);
      expect(r.y).toBeGreaterThanOrEqual(-1e-9);
      expect(r.x + r.w).toBeLessThanOrEqual(6 + 1e-9);
      expect(r.y + r.h).toBeLessThanOrEqual(4 + 1e-9);
    });
    for (let a = 0; a < rects.length; a += 1) {
      for (let b = a + 1; b < rects.length; b += 1) {
        const p = rects[a] as (typeof rects)[number];
        const q = rects[b] as (typeof rects)[number];
        const overlapX = Math.min(p.x + p.w, q.x + q.w) - Math.max(p.x, q.x);
        const overlapY = Math.min(p.y + p.h, q.y + q.h) - Math.max(p.y, q.y);
        expect(overlapX <= 1e-9 || overlapY <= 1e-9).toBe(true);
      }
    }
    // The paper's example: the first two share the left column.
    expect(rects[0]).toEqual({ x: 0, y: 0, w: 3, h: 2 });
  });

  it('fills the whole rectangle with one value', () => {
    expect(squarify([5], { x: 1, y: 2, w: 10, h: 3 })).toEqual([{ x: 1, y: 2, w: 10, h: 3 }]);
  });
});

describe('changeColour', () => {
  it('is green for a rise, red for a fall, grey without a value', () => {
    expect(changeColour(5)).toMatch(/^rgb\(\d+,\d+,\d+\)$/);
    const [r1, g1] = changeColour(10).slice(4, -1).split(',').map(Number);
    expect(g1).toBeGreaterThan(r1 as number);
    const [r2, g2] = changeColour(-10).slice(4, -1).split(',').map(Number);
    expect(r2).toBeGreaterThan(g2 as number);
    expect(changeColour(null)).toBe('#94a3b8');
  });
});
