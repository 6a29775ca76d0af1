import type { ImportReport } from '../report.ts';
import { formatRatio, nearSplitRatio, type Split, snapRatio } from '../splits.ts';
import { applySplits, type CleanSeries, median, type RawSeries } from './series.ts';

/** Sorts rows by date (some vendors write newest first). */
function sortByDate(s: RawSeries): RawSeries {
  const order = s.dates.map((_, i) => i);
  if (order.every((i) => i === 0 || (s.dates[i - 1] as string) < (s.dates[i] as string))) return s;
  order.sort((a, b) => ((s.dates[a] as string) < (s.dates[b] as string) ? -1 : 1));
  const pick = <T>(xs: T[]) => order.map((i) => xs[i] as T);
  return {
    ...s,
    dates: pick(s.dates),
    close: pick(s.close),
    volume: pick(s.volume),
    lines: pick(s.lines),
    split: pick(s.split),
    asTraded: pick(s.asTraded),
  };
}

/**
 * Cleans one vendor series and puts it on one basis:
 * 1. bad prints — a one-day jump of 40%+ that reverts the next day (within 15%) — are rejected;
 * 2. splits come from the vendor's coefficient (snapped to a simple fraction) or, for rows on
 *    their own day's basis, from an overnight jump near a common split ratio that volume
 *    confirms (shares traded move by the inverse ratio);
 * 3. earlier closes are divided and volumes multiplied by the splits after them.
 */
export function cleanSeries(raw: RawSeries, report: ImportReport, peers: readonly RawSeries[] = []): CleanSeries {
  const s = sortByDate(raw);
  const peerCloses = peers
    .filter((p) => p !== raw)
    .map((p) => new Map(p.dates.map((d, i) => [d, p.close[i] as number])));
  // Another vendor showing the same move on the same two days makes it a real move.
  const confirmed = (from: string, to: string, jump: number) =>
    peerCloses.some((m) => {
      const a = m.get(from);
      const b = m.get(to);
      return a !== undefined && b !== undefined && Math.abs(b / a / jump - 1) < 0.1;
    });
  const keep: number[] = [];
  const n = s.dates.length;
  for (let i = 0; i < n; i++) {
    const prev = keep.length > 0 ? (keep.at(-1) as number) : -1;
    if (prev >= 0 && i + 1 < n) {
      const jump = (s.close[i] as number) / (s.close[prev] as number);
      const back = (s.close[i + 1] as number) / (s.close[prev] as number);
      const explained = s.split[i] !== 1 || s.split[i + 1] !== 1;
      const suspicious = (jump > 1.4 || jump < 1 / 1.4) && back > 0.85 && back < 1.15;
      if (!explained && suspicious && !confirmed(s.dates[prev] as string, s.dates[i] as string, jump)) {
        report.reject(
          s.file,
          s.lines[i],
          `bad print: ${s.ticker} ${s.dates[i]} close ${s.close[i]} between ${s.close[prev]} and ${s.close[i + 1]}`,
        );
        continue;
      }
    }
    keep.push(i);
  }
  const dates = keep.map((i) => s.dates[i] as string);
  const close = keep.map((i) => s.close[i] as number);
  const volume = keep.map((i) => s.volume[i] as number);
  const lines = keep.map((i) => s.lines[i] as number);
  const splits: Split[] = [];
  for (let k = 0; k < keep.length; k++) {
    const i = keep[k] as number;
    const coefficient = s.split[i] as number;
    if (coefficient !== 1) {
      const ratio = snapRatio(coefficient);
      if (ratio === null)
        report.correct(
          s.file,
          s.lines[i],
          `split coefficient ignored: ${s.ticker} ${s.dates[i]} ${coefficient} is no share ratio (a spin-off)`,
        );
      else {
        splits.push({ date: dates[k] as string, ratio });
        report.correct(
          s.file,
          s.lines[i],
          `split: ${s.ticker} ${s.dates[i]} ${formatRatio(ratio)} (vendor coefficient ${coefficient})`,
        );
      }
      continue;
    }
    if (k === 0 || !s.asTraded[i]) continue;
    const ratio = detectJumpSplit(close, volume, k);
    if (ratio !== null) {
      splits.push({ date: dates[k] as string, ratio });
      report.correct(
        s.file,
        s.lines[i],
        `split: ${s.ticker} ${s.dates[i]} ${formatRatio(ratio)} detected (close ${close[k - 1]} → ${close[k]}, volume confirms)`,
      );
    }
  }
  applySplits(dates, close, volume, splits);
  return { ticker: s.ticker, vendor: s.vendor, file: s.file, dates, close, volume, lines, splits };
}

/**
 * A split at row k: the close moved by a common split ratio (±12%, the day's own move) and the
 * median volume of the next 10 rows moved the opposite way by at least half that ratio.
 */
function detectJumpSplit(close: number[], volume: number[], k: number): number | null {
  const priceRatio = (close[k - 1] as number) / (close[k] as number);
  if (priceRatio < 1.4 && priceRatio > 1 / 1.4) return null;
  const ratio = nearSplitRatio(priceRatio, 0.12);
  if (ratio === null) return null;
  const before = median(volume.slice(Math.max(0, k - 10), k).filter((v) => v > 0));
  const after = median(volume.slice(k, k + 10).filter((v) => v > 0));
  if (!(before > 0 && after > 0)) return null;
  const volumeRatio = after / before;
  const confirms =
    ratio > 1 ? volumeRatio >= Math.sqrt(ratio) * 0.75 : volumeRatio <= 1 / (Math.sqrt(1 / ratio) * 0.75);
  return confirms ? ratio : null;
}
