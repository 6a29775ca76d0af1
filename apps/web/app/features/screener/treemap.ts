/** A rectangle in the map's own units. */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Worst aspect ratio of a row of areas laid along a side of length `side`. */
function worst(row: readonly number[], side: number): number {
  const sum = row.reduce((a, b) => a + b, 0);
  const max = Math.max(...row);
  const min = Math.min(...row);
  const s2 = side * side;
  const sum2 = sum * sum;
  return Math.max((s2 * max) / sum2, sum2 / (s2 * min));
}

/**
 * Squarified treemap (Bruls, Huizing and van Wijk): `values` (largest first, all > 0) fill `rect`
 * in proportion, rows added while they make the rectangles squarer. Returns one rectangle per value.
 */
export function squarify(values: readonly number[], rect: Rect): Rect[] {
  const total = values.reduce((a, b) => a + b, 0);
  const out: Rect[] = new Array(values.length);
  if (total <= 0 || rect.w <= 0 || rect.h <= 0) return values.map(() => ({ ...rect, w: 0, h: 0 }));
  const scale = (rect.w * rect.h) / total;
  const areas = values.map((v) => v * scale);
  let free = { ...rect };
  let i = 0;
  while (i < areas.length) {
    const side = Math.min(free.w, free.h);
    const row = [areas[i] as number];
    let j = i + 1;
    while (j < areas.length && worst([...row, areas[j] as number], side) <= worst(row, side)) {
      row.push(areas[j] as number);
      j += 1;
    }
    const sum = row.reduce((a, b) => a + b, 0);
    if (free.w >= free.h) {
      // A column on the left of the free space.
      const w = sum / free.h;
      let y = free.y;
      row.forEach((a, k) => {
        const h = a / w;
        out[i + k] = { x: free.x, y, w, h };
        y += h;
      });
      free = { x: free.x + w, y: free.y, w: free.w - w, h: free.h };
    } else {
      const h = sum / free.w;
      let x = free.x;
      row.forEach((a, k) => {
        const w = a / h;
        out[i + k] = { x, y: free.y, w, h };
        x += w;
      });
      free = { x: free.x, y: free.y + h, w: free.w, h: free.h - h };
    }
    i = j;
  }
  return out;
}

/** Red for a fall, green for a rise, deeper with size (±10% and beyond is full); grey without a value. */
export function changeColour(change: number | null): string {
  if (change === null || !Number.isFinite(change)) return '#94a3b8';
  const t = Math.min(1, Math.abs(change) / 10);
  // From a neutral slate towards emerald-700 or red-700.
  const from = [100, 116, 139];
  const to = change >= 0 ? [4, 120, 87] : [185, 28, 28];
  const mix = from.map((c, k) => Math.round(c + ((to[k] as number) - c) * (0.35 + 0.65 * t)));
  return `rgb(${mix.join(',')})`;
}
