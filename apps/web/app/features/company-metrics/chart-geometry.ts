// The same on server and browser, so hydration finds the SVG unchanged; the viewBox stretches
// (preserveAspectRatio="none"), so nothing needs the screen width. Ticks are ~1.5 kB here, where
// d3-scale's linear, log and UTC scales cost ~16 kB gzip.

export const VIEW_WIDTH = 1000;
export const VIEW_HEIGHT = 1000;

const DAY_MS = 86_400_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** UTC midnight. */
export function dayToMs(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

/** Removes the float noise of `i * step` (0.30000000000000004 becomes 0.3). */
function clean(value: number): number {
  return Number(value.toPrecision(12));
}

/** d3's rule: 1, 2 or 5 × 10^k. */
export function tickStep(lo: number, hi: number, count: number): number {
  const raw = (hi - lo) / Math.max(1, count);
  if (!(raw > 0) || !Number.isFinite(raw)) return 0;
  const power = 10 ** Math.floor(Math.log10(raw));
  const error = raw / power;
  const factor = error >= Math.sqrt(50) ? 10 : error >= Math.sqrt(10) ? 5 : error >= Math.SQRT2 ? 2 : 1;
  return factor * power;
}

export function linearTicks(lo: number, hi: number, count: number): number[] {
  const step = tickStep(lo, hi, count);
  if (step === 0) return Number.isFinite(lo) ? [lo] : [];
  const ticks: number[] = [];
  for (let i = Math.ceil(lo / step); i * step <= hi + step * 1e-9; i++) ticks.push(clean(i * step));
  return ticks;
}

/** Powers of ten, then 1-2-5, then every digit, whichever first gives at least three. */
export function logTicks(lo: number, hi: number, count: number): number[] {
  if (!(lo > 0) || !(hi >= lo)) return [];
  const first = Math.floor(Math.log10(lo));
  const last = Math.ceil(Math.log10(hi));
  for (const multiples of [[1], [1, 2, 5], [1, 2, 3, 4, 5, 6, 7, 8, 9]]) {
    const ticks: number[] = [];
    for (let k = first; k <= last; k++) {
      for (const m of multiples) {
        const value = clean(m * 10 ** k);
        if (value >= lo * (1 - 1e-9) && value <= hi * (1 + 1e-9)) ticks.push(value);
      }
    }
    if (ticks.length >= 3) {
      // Only plain powers can be too many (1-2-5 is tried for three decades at most); keep
      // those whose exponent is a multiple of the stride, so 1 stays among them.
      const stride = Math.ceil(ticks.length / (2 * count));
      return stride > 1 ? ticks.filter((v) => Math.round(Math.log10(v)) % stride === 0) : ticks;
    }
  }
  return linearTicks(lo, hi, count);
}

export interface TimeTick {
  ms: number;
  label: string;
}

const TIME_STEPS: readonly { unit: 'day' | 'month' | 'year'; step: number; days: number }[] = [
  ...[1, 2, 7, 14].map((step) => ({ unit: 'day' as const, step, days: step })),
  ...[1, 3, 6].map((step) => ({ unit: 'month' as const, step, days: step * 30.44 })),
  ...[1, 2, 5, 10, 20, 50, 100].map((step) => ({ unit: 'year' as const, step, days: step * 365.25 })),
];

/** The year shows on the first tick and on each January. */
export function timeTicks(lo: number, hi: number, count: number): TimeTick[] {
  if (!(hi > lo)) return Number.isFinite(lo) ? [{ ms: lo, label: dayLabel(lo, true) }] : [];
  const days = (hi - lo) / DAY_MS;
  const choice = TIME_STEPS.find((s) => days / s.days <= count) ?? (TIME_STEPS.at(-1) as (typeof TIME_STEPS)[0]);
  const ticks: TimeTick[] = [];
  if (choice.unit === 'day') {
    for (let d = Math.ceil(lo / DAY_MS / choice.step) * choice.step; d * DAY_MS <= hi; d += choice.step) {
      ticks.push({ ms: d * DAY_MS, label: dayLabel(d * DAY_MS, ticks.length === 0) });
    }
    return ticks;
  }
  const start = new Date(lo);
  if (choice.unit === 'month') {
    let index = start.getUTCFullYear() * 12 + start.getUTCMonth();
    if (Date.UTC(Math.floor(index / 12), index % 12, 1) < lo) index++;
    for (index = Math.ceil(index / choice.step) * choice.step; ; index += choice.step) {
      const ms = Date.UTC(Math.floor(index / 12), index % 12, 1);
      if (ms > hi) break;
      const month = MONTHS[index % 12] as string;
      ticks.push({ ms, label: index % 12 === 0 || ticks.length === 0 ? `${month} ${Math.floor(index / 12)}` : month });
    }
    return ticks;
  }
  let year = start.getUTCFullYear();
  if (Date.UTC(year, 0, 1) < lo) year++;
  for (year = Math.ceil(year / choice.step) * choice.step; Date.UTC(year, 0, 1) <= hi; year += choice.step) {
    ticks.push({ ms: Date.UTC(year, 0, 1), label: String(year) });
  }
  return ticks;
}

function dayLabel(ms: number, withYear: boolean): string {
  const date = new Date(ms);
  const text = `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
  return withYear ? `${text}, ${date.getUTCFullYear()}` : text;
}

/** Counted back from the latest; with quarters the stride is whole years, so labels stay on one quarter. */
export function barLabelIndices(n: number, count: number, perYear: number): number[] {
  let stride = Math.max(1, Math.ceil(n / Math.max(1, count)));
  if (stride > 1 && perYear > 1) stride = Math.ceil(stride / perYear) * perYear;
  const indices: number[] = [];
  for (let i = n - 1; i >= 0; i -= stride) indices.unshift(i);
  return indices;
}

/** viewBox y is 0 at the top. */
export interface YScale {
  lo: number;
  hi: number;
  log: boolean;
  ticks: number[];
  toY(value: number): number;
}

/** Lines get 5% of air; bars start at zero. On a log scale the air is 5% of the decades. */
export function yScale(values: readonly number[], options: { log: boolean; bars: boolean; count: number }): YScale {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (!Number.isFinite(min)) {
    min = 0;
    max = 1;
  }
  const log = options.log && min > 0;
  let lo: number;
  let hi: number;
  if (log) {
    const a = Math.log10(min);
    const b = Math.log10(max);
    const pad = (b - a || 1) * 0.05;
    lo = 10 ** (a - pad);
    hi = 10 ** (b + pad);
  } else {
    const pad = (max - min || Math.abs(max) || 1) * 0.05;
    if (options.bars) {
      lo = Math.min(0, min < 0 ? min - pad : 0);
      hi = Math.max(0, max > 0 ? max + pad : 0);
      if (lo === hi) hi = 1;
    } else {
      lo = min - pad;
      hi = max + pad;
    }
  }
  const ticks = log ? logTicks(lo, hi, options.count) : linearTicks(lo, hi, options.count);
  const toY = log
    ? (v: number) => VIEW_HEIGHT * (1 - (Math.log10(v) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo)))
    : (v: number) => VIEW_HEIGHT * (1 - (v - lo) / (hi - lo));
  return { lo, hi, log, ticks, toY };
}

/** Bars get half a slot of room on either side. */
export interface XScale {
  lo: number;
  hi: number;
  toX(ms: number): number;
}

export function xScale(times: readonly number[], bars: boolean): XScale {
  const first = times[0] ?? 0;
  const last = times.at(-1) ?? first;
  let lo = first;
  let hi = last;
  if (bars) {
    const slot = times.length > 1 ? (last - first) / (times.length - 1) : 90 * DAY_MS;
    lo -= slot / 2;
    hi += slot / 2;
  } else if (hi === lo) {
    lo -= DAY_MS;
    hi += DAY_MS;
  }
  return { lo, hi, toX: (ms) => (VIEW_WIDTH * (ms - lo)) / (hi - lo) };
}

/** The lowest and highest row of each column, so every peak and dip survives decimation. */
export function decimate(xs: readonly number[], ys: readonly number[], buckets: number): number[] {
  const n = xs.length;
  if (n <= buckets * 2) return Array.from({ length: n }, (_, i) => i);
  const lo = xs[0] as number;
  const span = (xs[n - 1] as number) - lo || 1;
  const column = (i: number) => Math.min(buckets - 1, Math.floor((((xs[i] as number) - lo) / span) * buckets));
  const kept: number[] = [0];
  let start = 0;
  while (start < n) {
    const bucket = column(start);
    let end = start + 1;
    let minI = start;
    let maxI = start;
    for (; end < n && column(end) === bucket; end++) {
      if ((ys[end] as number) < (ys[minI] as number)) minI = end;
      if ((ys[end] as number) > (ys[maxI] as number)) maxI = end;
    }
    for (const i of minI < maxI ? [minI, maxI] : [maxI, minI]) {
      if (i > (kept.at(-1) as number)) kept.push(i);
    }
    start = end;
  }
  if (kept.at(-1) !== n - 1) kept.push(n - 1);
  return kept;
}

/** A number for a path: one decimal of a 1000-unit viewBox is finer than any screen shows. */
function fmt(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** The fill closes outside the clipped box, so only the line itself shows its stroke. */
export function linePath(points: readonly (readonly [number, number])[]): string {
  if (points.length === 0) return '';
  const [x0, y0] = points[0] as readonly [number, number];
  const [xn, yn] = points.at(-1) as readonly [number, number];
  const parts = [`M${fmt(Math.min(x0, 0) - 10)} ${fmt(y0)}`];
  for (const [x, y] of points) parts.push(`L${fmt(x)} ${fmt(y)}`);
  parts.push(`L${fmt(Math.max(xn, VIEW_WIDTH) + 10)} ${fmt(yn)}`, `V${VIEW_HEIGHT + 10}H${fmt(Math.min(x0, 0) - 10)}Z`);
  return parts.join('');
}

export function barsPath(points: readonly (readonly [number, number])[], baseY: number, width: number): string {
  return points
    .map(([x, y]) => {
      const top = Math.min(y, baseY);
      const height = Math.max(Math.abs(baseY - y), 0.5);
      return `M${fmt(x - width / 2)} ${fmt(top)}h${fmt(width)}v${fmt(height)}h${fmt(-width)}Z`;
    })
    .join('');
}

export function narrowestGap(xs: readonly number[]): number {
  let gap = VIEW_WIDTH;
  for (let i = 1; i < xs.length; i++) gap = Math.min(gap, (xs[i] as number) - (xs[i - 1] as number));
  return gap;
}

export function nearestIndex(times: readonly number[], ms: number): number {
  let lo = 0;
  let hi = times.length - 1;
  if (hi < 0) return -1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((times[mid] as number) < ms) lo = mid + 1;
    else hi = mid;
  }
  if (lo > 0 && ms - (times[lo - 1] as number) <= (times[lo] as number) - ms) return lo - 1;
  return lo;
}
