import { describe, expect, it } from 'vitest';
import {
  barLabelIndices,
  barsPath,
  dayToMs,
  decimate,
  linearTicks,
  linePath,
  logTicks,
  narrowestGap,
  nearestIndex,
  tickStep,
  timeTicks,
  VIEW_HEIGHT,
  VIEW_WIDTH,
  xScale,
  yScale,
} from './chart-geometry';

describe('linear ticks', () => {
  it('steps by 1, 2 or 5 times a power of ten', () => {
    expect(tickStep(0, 100, 5)).toBe(20);
    expect(tickStep(0, 1, 5)).toBe(0.2);
    expect(tickStep(0, 37, 5)).toBe(10);
    expect(tickStep(0, 30, 5)).toBe(5);
    expect(tickStep(14.2, 31.9, 5)).toBe(5);
    expect(tickStep(0, 950_000, 5)).toBe(200_000);
  });

  it('lists round values inside the range, free of float noise', () => {
    expect(linearTicks(14.2, 31.9, 5)).toEqual([15, 20, 25, 30]);
    expect(linearTicks(0, 1, 5)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(linearTicks(0.1, 0.45, 5)).toEqual([0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45]);
    expect(linearTicks(-1_650, 2_300, 5)).toEqual([-1_000, 0, 1_000, 2_000]);
  });

  it('gives the value itself for an empty range', () => {
    expect(linearTicks(7, 7, 5)).toEqual([7]);
  });
});

describe('log ticks', () => {
  it('uses powers of ten across several decades', () => {
    expect(logTicks(80, 3_200_000, 5)).toEqual([100, 1_000, 10_000, 100_000, 1_000_000]);
  });

  it('thins the powers when there are far too many', () => {
    const ticks = logTicks(1e-3, 1e12, 5);
    expect(ticks.length).toBeLessThanOrEqual(10);
    expect(ticks).toEqual([0.01, 1, 100, 10_000, 1e6, 1e8, 1e10, 1e12]);
  });

  it('falls back to 1-2-5, then every digit, then linear ticks as the range narrows', () => {
    expect(logTicks(8, 130, 5)).toEqual([10, 20, 50, 100]);
    expect(logTicks(11, 45, 5)).toEqual([20, 30, 40]);
    expect(logTicks(14.2, 31.9, 5)).toEqual([15, 20, 25, 30]);
  });

  it('has nothing for non-positive bounds', () => {
    expect(logTicks(0, 10, 5)).toEqual([]);
  });
});

describe('time ticks', () => {
  const day = dayToMs;

  it('labels whole years over five years, at most the count asked for', () => {
    const ticks = timeTicks(day('2020-01-02'), day('2024-12-31'), 7);
    expect(ticks.map((t) => t.label)).toEqual(['2021', '2022', '2023', '2024']);
    expect(ticks[0]?.ms).toBe(Date.UTC(2021, 0, 1));
  });

  it('steps by several years over 25 years', () => {
    const ticks = timeTicks(day('2000-01-03'), day('2024-12-31'), 7);
    expect(ticks.map((t) => t.label)).toEqual(['2005', '2010', '2015', '2020']);
  });

  it('uses months with the year on the first tick and on January', () => {
    const ticks = timeTicks(day('2023-10-10'), day('2024-03-20'), 7);
    expect(ticks.map((t) => t.label)).toEqual(['Nov 2023', 'Dec', 'Jan 2024', 'Feb', 'Mar']);
    expect(ticks[2]?.ms).toBe(Date.UTC(2024, 0, 1));
    const quarters = timeTicks(day('2023-02-15'), day('2024-09-30'), 7);
    expect(quarters.map((t) => t.label)).toEqual(['Apr 2023', 'Jul', 'Oct', 'Jan 2024', 'Apr', 'Jul']);
  });

  it('uses days for a few weeks', () => {
    const ticks = timeTicks(day('2024-03-04'), day('2024-03-20'), 7);
    expect(ticks.length).toBeGreaterThanOrEqual(2);
    expect(ticks.length).toBeLessThanOrEqual(7);
    expect(ticks[0]?.label).toMatch(/^Mar \d+, 2024$/);
    expect(ticks[1]?.label).toMatch(/^Mar \d+$/);
  });

  it('names the single day of a one-day range', () => {
    expect(timeTicks(day('2024-03-04'), day('2024-03-04'), 7)).toEqual([
      { ms: day('2024-03-04'), label: 'Mar 4, 2024' },
    ]);
  });
});

describe('bar labels', () => {
  it('labels every bar when there is room, counting back from the latest', () => {
    expect(barLabelIndices(4, 7, 1)).toEqual([0, 1, 2, 3]);
    expect(barLabelIndices(10, 7, 1)).toEqual([1, 3, 5, 7, 9]);
  });

  it('steps through quarters by whole years', () => {
    expect(barLabelIndices(20, 7, 4)).toEqual([3, 7, 11, 15, 19]);
    expect(barLabelIndices(100, 7, 4)).toEqual([3, 19, 35, 51, 67, 83, 99]);
    expect(barLabelIndices(0, 7, 4)).toEqual([]);
  });
});

describe('scales', () => {
  it('gives lines 5% of air and puts the top of the range at y = 0', () => {
    const y = yScale([10, 20], { log: false, bars: false, count: 5 });
    expect(y.lo).toBeCloseTo(9.5);
    expect(y.hi).toBeCloseTo(20.5);
    expect(y.toY(y.hi)).toBeCloseTo(0);
    expect(y.toY(y.lo)).toBeCloseTo(VIEW_HEIGHT);
    expect(y.ticks).toEqual([10, 12, 14, 16, 18, 20]);
  });

  it('starts bars at zero, or crosses it for losses', () => {
    expect(yScale([100, 200], { log: false, bars: true, count: 5 }).lo).toBe(0);
    const losses = yScale([-400, 1_500], { log: false, bars: true, count: 5 });
    expect(losses.lo).toBeLessThan(-400);
    expect(losses.hi).toBeGreaterThan(1_500);
    expect(losses.ticks).toContain(0);
  });

  it('spaces a log scale by ratio, and stays linear when a value is not positive', () => {
    const y = yScale([1, 100], { log: true, bars: false, count: 5 });
    expect(y.log).toBe(true);
    expect(y.toY(10)).toBeCloseTo(VIEW_HEIGHT / 2);
    expect(yScale([-1, 100], { log: true, bars: false, count: 5 }).log).toBe(false);
  });

  it('copes with a flat or empty series', () => {
    const flat = yScale([5, 5, 5], { log: false, bars: false, count: 5 });
    expect(flat.lo).toBeLessThan(5);
    expect(flat.hi).toBeGreaterThan(5);
    const empty = yScale([], { log: false, bars: true, count: 5 });
    expect(Number.isFinite(empty.toY(0))).toBe(true);
  });

  it('maps the first and last day to the plot edges, with half a slot of room for bars', () => {
    const times = [dayToMs('2024-03-31'), dayToMs('2024-06-30'), dayToMs('2024-09-30')];
    const line = xScale(times, false);
    expect(line.toX(times[0] as number)).toBe(0);
    expect(line.toX(times[2] as number)).toBe(VIEW_WIDTH);
    const bars = xScale(times, true);
    expect(bars.toX(times[0] as number)).toBeCloseTo(VIEW_WIDTH / 6);
    expect(bars.toX(times[2] as number)).toBeCloseTo((VIEW_WIDTH * 5) / 6);
    const single = xScale([times[0] as number], true);
    expect(single.toX(times[0] as number)).toBeCloseTo(VIEW_WIDTH / 2);
  });
});

describe('decimation', () => {
  it('keeps every row of a short series', () => {
    expect(decimate([1, 2, 3], [5, 6, 7], 10)).toEqual([0, 1, 2]);
  });

  it('keeps the lowest and highest row of each column, in order, and both ends', () => {
    const n = 6_500;
    const xs = Array.from({ length: n }, (_, i) => i);
    const ys = xs.map((i) => Math.sin(i / 50) * 10 + (i === 3_333 ? 500 : 0) - (i === 4_444 ? 500 : 0));
    const kept = decimate(xs, ys, 500);
    expect(kept.length).toBeLessThanOrEqual(1_000 + 2);
    expect(kept[0]).toBe(0);
    expect(kept.at(-1)).toBe(n - 1);
    expect(kept).toContain(3_333);
    expect(kept).toContain(4_444);
    expect([...kept].sort((a, b) => a - b)).toEqual(kept);
    expect(new Set(kept).size).toBe(kept.length);
    // The drawn extremes are the true extremes.
    const drawn = kept.map((i) => ys[i] as number);
    expect(Math.max(...drawn)).toBe(Math.max(...ys));
    expect(Math.min(...drawn)).toBe(Math.min(...ys));
  });
});

describe('paths and lookup', () => {
  it('closes the line fill outside the plot so only the line is stroked inside it', () => {
    const d = linePath([
      [0, 500],
      [500, 250],
      [1_000, 750],
    ]);
    expect(d).toBe('M-10 500L0 500L500 250L1000 750L1010 750V1010H-10Z');
    expect(linePath([])).toBe('');
  });

  it('draws bars as rectangles from the base, downwards for losses', () => {
    expect(barsPath([[100, 200]], 600, 40)).toBe('M80 200h40v400h-40Z');
    expect(barsPath([[100, 800]], 600, 40)).toBe('M80 600h40v200h-40Z');
    expect(narrowestGap([0, 100, 150, 400])).toBe(50);
  });

  it('finds the nearest row to a time, ties going to the earlier', () => {
    const times = [10, 20, 30, 40];
    expect(nearestIndex(times, 0)).toBe(0);
    expect(nearestIndex(times, 24)).toBe(1);
    expect(nearestIndex(times, 25)).toBe(1);
    expect(nearestIndex(times, 26)).toBe(2);
    expect(nearestIndex(times, 99)).toBe(3);
    expect(nearestIndex([], 5)).toBe(-1);
  });
});
