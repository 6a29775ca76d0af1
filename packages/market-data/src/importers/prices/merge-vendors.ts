import { dayNumber } from '../../calendar.ts';
import type { ImportReport } from '../report.ts';
import { factorAfter, formatRatio, nearSplitRatio, nextWeekday, type Split, snapRatio } from '../splits.ts';
import { applySplits, type CleanSeries, type MergedSeries, median } from './series.ts';

/** Close ratios b ÷ a on the days both have, oldest first. */
function commonRatios(a: CleanSeries, b: CleanSeries): { date: string; ratio: number }[] {
  const at = new Map(b.dates.map((d, i) => [d, b.close[i] as number]));
  const out: { date: string; ratio: number }[] = [];
  a.dates.forEach((d, i) => {
    const other = at.get(d);
    if (other !== undefined) out.push({ date: d, ratio: other / (a.close[i] as number) });
  });
  return out;
}

/** The median ratio over the last `last` common days (where the series are joined). */
function ratioOn(a: CleanSeries, b: CleanSeries, last: number) {
  const all = commonRatios(a, b);
  return { ratio: median(all.slice(-last).map((r) => r.ratio)), overlap: all.length };
}

/**
 * Splits one vendor missed: where the ratio between the vendors steps by a split ratio (±2%)
 * and stays there, the older series lacks that split (Alpha Vantage books Alphabet's 2014
 * class C distribution as a dividend; the other vendor splits it 2-for-1). Steps that are not
 * split ratios are the other vendor's spin-off adjustments and are reported only.
 */
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
    const step = nearSplitRatio(ref / held, 0.02);
    if (step !== null) found.push({ date: (common[i + 1] as { date: string }).date, ratio: step });
    else otherSteps++;
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

/**
 * Joins two vendors' series of one ticker. The as-traded vendor (explicit splits) serves the
 * dates it covers; the other extends it. On their overlap, the median close ratio tells the
 * splits the older series has not seen (e.g. CSX's 3-for-1 of June 2021 in a file that ends in
 * April 2021): a ratio near a split ratio rescales the older series; a ratio near 1 (spin-off
 * adjustments such as IBM's 1.046) is reported and left alone. Rows of the older series before
 * the other vendor's first day are dropped when they jump unexplained into it (a reused ticker).
 */
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
    // Splits after the older series ends: the whole ratio between the bases, less the ones
    // the newer series already knows (those are applied to it and listed once).
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
    } else if (overlap === 0) {
      total = junctionRatio(base, next);
      how = `detected across the gap to ${next.dates[0]}, volume confirms`;
    }
    let scale = 1;
    if (total !== null && total !== 1) {
      scale = 1 / total;
      const residual = total / factorAfter(next.splits, at);
      const split = Math.abs(residual - 1) < 0.02 ? null : (snapRatio(residual, 0.02) ?? residual);
      if (split !== null) {
        report.correct(base.file, undefined, `split: ${base.ticker} after ${at} ${formatRatio(split)} (${how})`);
        base = { ...base, splits: [...base.splits, { date: nextWeekday(at), ratio: split }] };
      } else report.correct(base.file, undefined, `rescaled: ${base.ticker} rows to the newer file's basis (${how})`);
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
    dates: base.dates,
    close: base.close,
    volume: base.volume,
    splits: base.splits,
    sources: series.map((s) => s.file),
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

/** A split hiding in a gap between two files: the price moved by a split ratio and volume confirms. */
function junctionRatio(before: CleanSeries, after: CleanSeries): number | null {
  const tail = before.close.slice(-5);
  const head = after.close.slice(0, 5);
  const ratio = nearSplitRatio(median(tail) / median(head), 0.2);
  if (ratio === null || ratio === 1.5 || ratio === 1 / 1.5) return null;
  const volumeRatio = median(after.volume.slice(0, 20)) / median(before.volume.slice(-20));
  const confirms =
    ratio > 1 ? volumeRatio >= Math.sqrt(ratio) * 0.75 : volumeRatio <= 1 / (Math.sqrt(1 / ratio) * 0.75);
  return confirms ? ratio : null;
}
