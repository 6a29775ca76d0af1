import { dateOfDay, dayNumber } from '../../calendar.ts';
import type { ImportReport } from '../report.ts';
import { type CorporateActions, formatRatio, nearSplitRatio, type Split, showsNoSplit, snapRatio } from '../splits.ts';
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
 * 2. splits come first from authority: a corporate-actions file, the vendor's coefficient
 *    (snapped to a simple fraction); a coefficient that is no share ratio is a spin-off and
 *    never a split;
 * 3. only then, for rows on their own day's basis, a split is inferred from an overnight jump,
 *    and only when independent evidence agrees (see `inferSplit`); a split-like jump without it
 *    is listed as a doubt with its file and line, and nothing is applied;
 * 4. earlier closes are divided and volumes multiplied by the splits after them.
 */
export function cleanSeries(
  raw: RawSeries,
  report: ImportReport,
  peers: readonly RawSeries[] = [],
  actions: CorporateActions = { splits: [], spinOffs: [] },
): CleanSeries {
  const s = sortByDate(raw);
  const others = peers.filter((p) => p !== raw).map(sortByDate);
  const peerCloses = others.map((p) => new Map(p.dates.map((d, i) => [d, p.close[i] as number])));
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

  // Spin-off days, from any vendor's coefficient or the actions file: never a split.
  const spinOffDays = new Set(actions.spinOffs.map((a) => dayNumber(a.date)));
  for (const series of [s, ...others])
    series.split.forEach((c, i) => {
      if (c !== 1 && snapRatio(c) === null) spinOffDays.add(dayNumber(series.dates[i] as string));
    });
  const nearSpinOff = (date: string) => {
    const d = dayNumber(date);
    for (let x = d - 3; x <= d + 3; x++) if (spinOffDays.has(x)) return true;
    return false;
  };

  const splits: Split[] = [];
  const first = dates[0] ?? '';
  const last = dates.at(-1) ?? '';
  for (const a of actions.splits) {
    if (a.date <= first || a.date > last) continue;
    splits.push({ date: a.date, ratio: a.ratio, evidence: 'actions' });
    report.correct(a.file, a.line, `split: ${s.ticker} ${a.date} ${formatRatio(a.ratio)} (corporate-actions file)`);
  }
  const known = (date: string) => splits.some((x) => Math.abs(dayNumber(x.date) - dayNumber(date)) <= 3);
  for (let k = 0; k < keep.length; k++) {
    const i = keep[k] as number;
    const coefficient = s.split[i] as number;
    if (coefficient !== 1) {
      const ratio = snapRatio(coefficient);
      if (ratio === null)
        report.correct(
          s.file,
          s.lines[i],
          `spin-off: ${s.ticker} ${s.dates[i]} vendor coefficient ${coefficient} is no share ratio; prices not adjusted, and no split is inferred near it`,
        );
      else if (
        k > 0 &&
        s.vendor === 'as-traded' &&
        showsNoSplit((close[k - 1] as number) / (close[k] as number), ratio)
      )
        // The vendor's own as-traded close does not move by its coefficient: the coefficient is
        // the vendor's error (ANTM 2002-03-18 in Alpha Vantage: 2.0 while the close went 56.90 →
        // 58.30), and applying it would halve every earlier close.
        report.doubt(
          s.file,
          s.lines[i],
          `vendor split not applied: ${s.ticker} ${s.dates[i]} coefficient ${coefficient}, but the vendor's own close moved ×${((close[k] as number) / (close[k - 1] as number)).toFixed(3)} (${close[k - 1]} → ${close[k]}), not ×${(1 / ratio).toFixed(3)}`,
        );
      else if (!known(dates[k] as string)) {
        splits.push({ date: dates[k] as string, ratio, evidence: 'vendor' });
        report.correct(
          s.file,
          s.lines[i],
          `split: ${s.ticker} ${s.dates[i]} ${formatRatio(ratio)} (vendor coefficient ${coefficient})`,
        );
      }
      continue;
    }
    if (k === 0 || !s.asTraded[i] || known(dates[k] as string)) continue;
    const found = inferSplit({ dates, close, volume }, k, others, nearSpinOff);
    if (found === null) continue;
    const where = `${s.ticker} ${s.dates[i]}, close ${close[k - 1]} → ${close[k]}`;
    if ('doubt' in found) report.doubt(s.file, s.lines[i], `split-like move not applied: ${where}: ${found.doubt}`);
    else {
      splits.push({ date: dates[k] as string, ratio: found.ratio, evidence: 'inferred' });
      report.correct(
        s.file,
        s.lines[i],
        `split: ${s.ticker} ${s.dates[i]} ${formatRatio(found.ratio)} inferred (${found.why})`,
      );
    }
  }
  splits.sort((a, b) => (a.date < b.date ? -1 : 1));
  applySplits(dates, close, volume, splits);
  const spinOffs = [...spinOffDays].sort((a, b) => a - b).map(dateOfDay);
  return {
    ticker: s.ticker,
    vendor: s.vendor,
    file: s.file,
    dates,
    close,
    volume,
    lines,
    splits,
    spinOffs,
    adjustedAsOf: s.adjustedAsOf ?? null,
  };
}

/**
 * Price ratios within this of a split ratio are clean (a split day's own move is small): 4%
 * for 2-for-1 and 1-for-2, where a −50% or +100% day is plausible; 10% for larger ratios,
 * which no ordinary session moves by.
 */
const ratioTolerance = (ratio: number) => (Math.abs(Math.log(ratio)) < Math.log(2.5) ? 0.04 : 0.1);
/** Calendar days between two rows beyond which they are not consecutive sessions. */
const MAX_SESSION_GAP = 5;

type Inference = { ratio: number; why: string } | { doubt: string } | null;

/**
 * A split at row k from prices alone needs all of: consecutive sessions (not a gap in the file),
 * no spin-off near, a close ratio within 4% of a split ratio, a split day's volume that is not a
 * crash's spike, and share volume over the following month moved by about that ratio and
 * staying there. A 3-for-2 (or 2-for-3) ratio is a common one-day move (−33%, +50%) and is
 * never taken from prices alone. Another vendor covering the day decides instead: its
 * adjusted closes show no jump across a real split, and the move itself across a crash.
 * Null when the move is no split candidate at all.
 */
function inferSplit(
  s: { dates: string[]; close: number[]; volume: number[] },
  k: number,
  others: readonly RawSeries[],
  nearSpinOff: (date: string) => boolean,
): Inference {
  const priceRatio = (s.close[k - 1] as number) / (s.close[k] as number);
  if (priceRatio < 1.4 && priceRatio > 1 / 1.4) return null;
  // Farther than 10% (25% for large ratios) from any split ratio: an ordinary big move.
  const ratio = nearSplitRatio(priceRatio, 0.1) ?? nearSplitRatio(priceRatio, 0.25);
  if (ratio === null || (Math.abs(Math.log(ratio)) < Math.log(2.5) && Math.abs(priceRatio / ratio - 1) > 0.1))
    return null;
  const before = s.dates[k - 1] as string;
  const date = s.dates[k] as string;
  const peer = peerVerdict(others, before, date, ratio);
  if (peer === 'contradicts') return null;
  if (nearSpinOff(date)) return { doubt: 'a vendor reports a spin-off within 3 days' };
  // Fractions of a dollar (a failed bank's OTC prints) jump by split-like ratios every week.
  if (Math.min(s.close[k - 1] as number, s.close[k] as number) < 1)
    return { doubt: 'prices under $1 move by such ratios without any split' };
  if (peer === 'confirms') return { ratio, why: 'the other vendor’s adjusted closes show no move' };
  if (dayNumber(date) - dayNumber(before) > MAX_SESSION_GAP)
    return { doubt: `across a gap in the file (${before} to ${date})` };
  if (Math.abs(priceRatio / ratio - 1) > ratioTolerance(ratio))
    return {
      doubt: `ratio ${priceRatio.toFixed(3)} is not within ${ratioTolerance(ratio) * 100}% of ${formatRatio(ratio)}`,
    };
  if (ratio === 1.5 || ratio === 1 / 1.5)
    return { doubt: `a ${formatRatio(ratio)} needs a vendor, an actions file or share counts to confirm it` };
  const v = (from: number, to: number) => s.volume.slice(Math.max(0, from), Math.max(0, to)).filter((x) => x > 0);
  const normal = v(k - 25, k - 3);
  const lasting = v(k + 3, k + 25);
  if (normal.length < 10 || lasting.length < 10) return { doubt: 'too few sessions around it to check volume' };
  const base = median(normal);
  const dayVolume = (s.volume[k] as number) / base;
  const lastingVolume = median(lasting) / base;
  const near = (x: number, spread: number) => Math.abs(Math.log(x / ratio)) <= Math.log(spread);
  if (!near(lastingVolume, 2))
    return { doubt: `share volume moved ×${lastingVolume.toFixed(2)} over the next month, not ×${+ratio.toFixed(4)}` };
  if (dayVolume / ratio > 4) return { doubt: `the day's volume is a spike (×${dayVolume.toFixed(1)}), as on a crash` };
  return {
    ratio,
    why: `close ratio ${priceRatio.toFixed(3)}, share volume ×${lastingVolume.toFixed(2)} over the next month`,
  };
}

/**
 * What another vendor says about a move between two days: its split coefficient or adjusted
 * closes without the jump confirm a split; the same jump in adjusted closes contradicts it.
 */
function peerVerdict(
  others: readonly RawSeries[],
  before: string,
  date: string,
  ratio: number,
): 'confirms' | 'contradicts' | null {
  for (const p of others) {
    const i = p.dates.indexOf(date);
    const h = p.dates.indexOf(before);
    if (i < 0 || h < 0) continue;
    if (p.vendor === 'as-traded') {
      const coefficient = p.split.slice(Math.max(0, i - 3), i + 4).find((c) => c !== 1);
      if (coefficient !== undefined && snapRatio(coefficient) !== null) return 'confirms';
      return 'contradicts';
    }
    // Both rows adjusted as of a later day: a real split is invisible there.
    if (p.asTraded[i] || p.asTraded[h]) continue;
    const move = (p.close[h] as number) / (p.close[i] as number);
    return showsNoSplit(move, ratio) ? 'confirms' : 'contradicts';
  }
  return null;
}
