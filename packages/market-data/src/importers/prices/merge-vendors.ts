import { dayNumber } from '../../calendar.ts';
import type { ImportReport } from '../report.ts';
import { factorAfter, formatRatio, nearSplitRatio, nextWeekday, type Split, snapRatio } from '../splits.ts';

const nearSpinOff = (days: readonly string[], date: string) =>
  days.some((d) => Math.abs(dayNumber(d) - dayNumber(date)) <= 3);

import { applySplits, type CleanSeries, type MergedSeries, median } from './series.ts';

function commonRatios(a: CleanSeries, b: CleanSeries): { date: string; ratio: number }[] {
  const at = new Map(b.dates.map((d, i) => [d, b.close[i] as number]));
  const out: { date: string; ratio: number }[] = [];
  a.dates.forEach((d, i) => {
    const other = at.get(d);
    if (other !== undefined) out.push({ date: d, ratio: other / (a.close[i] as number) });
  });
  return out;
}

function ratioOn(a: CleanSeries, b: CleanSeries, last: number) {
  const all = commonRatios(a, b);
  return { ratio: median(all.slice(-last).map((r) => r.ratio)), overlap: all.length };
}

/** Where the vendor ratio steps by a split ratio (±0.5%) and stays, the older series missed that split. */
function alignLevels(base: CleanSeries, next: CleanSeries, report: ImportReport): CleanSeries {
  const common = commonRatios(base, next);
  if (common.length < 10) return base;
  const found: Split[] = [];
  let ref = median(common.slice(-5).map((c) => c.ratio));
  let otherSteps = 0;
  for (let i = common.length - 6; i >= 2; i--) {
    const here = (common[i] as { ratio: number }).ratio;
    if (Math.abs(here / ref - 1) < 0.02) continue;
    // A step must hold for three days to count (one-day disagreements are prints).
    const held = median([i, i - 1, i - 2].map((j) => (common[j] as { ratio: number }).ratio));
    if (Math.abs(held / here - 1) > 0.02) continue;
    // A split moves closes by exactly its ratio (Alphabet 2014: 1.998); spin-off scalings only land near one.
    const step = nearSplitRatio(ref / held, 0.005);
    const date = (common[i + 1] as { date: string }).date;
    if (step !== null && !nearSpinOff(base.spinOffs, date)) {
      // A missed split still moves the older vendor's as-traded close that day; otherwise it is the other's own.
      const k = base.dates.indexOf(date);
      const move = k > 0 ? (base.close[k - 1] as number) / (base.close[k] as number) : Number.NaN;
      if (Math.abs(move / step - 1) < 0.1) found.push({ date, ratio: step, evidence: 'vendors' });
      else
        report.doubt(
          next.file,
          undefined,
          `split-like step not applied: ${base.ticker} ${date} the vendors' closes step by ${formatRatio(step)} but ${base.file} moves ×${(1 / move).toFixed(3)} that day`,
        );
    } else otherSteps++;
    ref = held;
  }
  if (otherSteps > 0)
    report.note(
      `${base.ticker}: the vendors' closes step apart ${otherSteps} time(s) by non-split factors (spin-off adjustments; not applied)`,
    );
  if (found.length === 0) return base;
  const close = [...base.close];
  const volume = [...base.volume];
  applySplits(base.dates, close, volume, found);
  for (const f of found)
    report.correct(
      base.file,
      undefined,
      `split: ${base.ticker} ${f.date} ${formatRatio(f.ratio)} missing in this file, found against ${next.file}`,
    );
  return { ...base, close, volume, splits: [...base.splits, ...found].sort((a, b) => (a.date < b.date ? -1 : 1)) };
}

/** Overlap ratio near a split ratio rescales the older series; one near 1 (IBM's 1.046 spin-off) is reported. */
export function mergeVendors(series: CleanSeries[], report: ImportReport): MergedSeries | null {
  const sorted = [...series].sort((a, b) => (a.vendor === b.vendor ? 0 : a.vendor === 'as-traded' ? -1 : 1));
  let base = sorted[0];
  if (!base) return null;
  for (const next of sorted.slice(1)) {
    if (next.dates.length === 0) continue;
    if (base.dates.length === 0) {
      base = next;
      continue;
    }
    base = dropReusedTicker(base, next, report);
    base = alignLevels(base, next, report);
    const { ratio, overlap } = ratioOn(base, next, 20);
    const at = base.dates.at(-1) as string;
    // Splits after the older series ends: the ratio between bases, less those the newer one already applied.
    let total: number | null = null;
    let how = '';
    if (overlap >= 5) {
      const inverse = 1 / ratio;
      total = Math.abs(inverse - 1) < 0.03 ? 1 : nearSplitRatio(inverse, 0.03);
      how = `vendor bases differ by ${ratio.toPrecision(4)} where the files join`;
      if (total === null && Math.abs(ratio - 1) > 0.005)
        report.note(
          `${base.ticker}: vendor closes differ by ${ratio.toPrecision(4)} where the files join (not a split; not applied)`,
        );
    }
    // The newer file's splits after `at` apply to every older row, across any gap between the files.
    const carried = factorAfter(next.splits, at);
    let scale = 1 / carried;
    if (total !== null && total !== 1) {
      scale = 1 / total;
      const residual = total / carried;
      const split = Math.abs(residual - 1) < 0.02 ? null : (snapRatio(residual, 0.02) ?? residual);
      if (split !== null) {
        // Bounded by `at` and the newer rows' as-of day; share counts filed in between date it.
        const earliest = nextWeekday(at);
        const latest = next.adjustedAsOf ?? next.dates.find((d) => d > at) ?? earliest;
        const date = latest > earliest ? latest : earliest;
        report.correct(
          base.file,
          undefined,
          `split: ${base.ticker} between ${earliest} and ${date} ${formatRatio(split)} (${how})`,
        );
        base = {
          ...base,
          splits: [
            ...base.splits,
            { date, ratio: split, evidence: 'vendors', earliest: date > earliest ? earliest : null },
          ],
        };
      } else report.correct(base.file, undefined, `rescaled: ${base.ticker} rows to the newer file's basis (${how})`);
    } else if (total === null) {
      if (carried !== 1)
        report.correct(
          base.file,
          undefined,
          `rescaled: ${base.ticker} rows before ${at} by the newer file's splits (${formatRatio(carried)} in all)`,
        );
      const jump = (next.dates[0] as string) > at ? junctionMove(base, next, scale) : null;
      if (jump) report.doubt(next.file, next.lines[0], `split-like move not applied: ${base.ticker} ${jump}`);
    }
    const last = base.dates.at(-1) as string;
    const first = base.dates[0] as string;
    const dates: string[] = [];
    const close: number[] = [];
    const volume: number[] = [];
    const lines: number[] = [];
    next.dates.forEach((d, i) => {
      if (d < first) {
        dates.push(d);
        close.push(next.close[i] as number);
        volume.push(next.volume[i] as number);
        lines.push(next.lines[i] as number);
      }
    });
    base.dates.forEach((d, i) => {
      dates.push(d);
      close.push((base?.close[i] as number) * scale);
      volume.push((base?.volume[i] as number) / scale);
      lines.push(base?.lines[i] as number);
    });
    next.dates.forEach((d, i) => {
      if (d > last) {
        dates.push(d);
        close.push(next.close[i] as number);
        volume.push(next.volume[i] as number);
        lines.push(next.lines[i] as number);
      }
    });
    const splits = [
      ...base.splits,
      ...next.splits.filter((s) => !base?.splits.some((b) => Math.abs(dayNumber(s.date) - dayNumber(b.date)) < 5)),
    ];
    base = { ...base, dates, close, volume, lines, splits: splits.sort((a, b) => (a.date < b.date ? -1 : 1)) };
  }
  return {
    ticker: base.ticker,
    file: base.file,
    spinOffs: base.spinOffs,
    dates: base.dates,
    close: base.close,
    volume: base.volume,
    splits: base.splits,
    sources: series.map((s) => s.file),
    tickers:
      base.dates.length > 0
        ? [{ ticker: base.ticker, first: base.dates[0] as string, last: base.dates.at(-1) as string }]
        : [],
  };
}

function dropReusedTicker(base: CleanSeries, next: CleanSeries, report: ImportReport): CleanSeries {
  const start = next.dates[0] as string;
  const k = base.dates.indexOf(start);
  if (k <= 0) return base;
  const jump = (base.close[k] as number) / (base.close[k - 1] as number);
  const explained = base.splits.some((s) => s.date === start);
  if (explained || (jump < 1.4 && jump > 1 / 1.4)) return base;
  report.reject(
    base.file,
    base.lines[0],
    `ticker reuse: ${base.ticker} ${k} rows ${base.dates[0]}..${base.dates[k - 1]} belong to another security (close ${base.close[k - 1]} → ${base.close[k]} where ${next.file} starts)`,
  );
  const cut = <T>(xs: T[]) => xs.slice(k);
  return { ...base, dates: cut(base.dates), close: cut(base.close), volume: cut(base.volume), lines: cut(base.lines) };
}

/** Listed as a doubt: prices alone cannot tell a split from what happened in the gap. */
function junctionMove(before: CleanSeries, after: CleanSeries, scale: number): string | null {
  const tail = median(before.close.slice(-5)) * scale;
  const head = median(after.close.slice(0, 5));
  const ratio = nearSplitRatio(tail / head, 0.1);
  if (ratio === null) return null;
  return `close ${tail.toPrecision(4)} → ${head.toPrecision(4)} across the gap from ${before.dates.at(-1)} to ${after.dates[0]} (${before.file} → ${after.file}): no vendor, actions file or share count names a split`;
}
