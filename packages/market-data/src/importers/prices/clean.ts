import { dateOfDay, dayNumber } from '../../calendar.ts';
import type { ImportReport } from '../report.ts';
import { type CorporateActions, formatRatio, nearSplitRatio, type Split, showsNoSplit, snapRatio } from '../splits.ts';
import {
  type AdjustmentStep,
  adjustmentSteps,
  describeVolume,
  type EvidenceRows,
  isLargeDistribution,
  isSmallRatio,
  shareRatio,
  showsRatio,
  spinOffSteps,
  volumeEvidence,
  volumeShows,
} from './evidence.ts';
import { applySplits, type CleanSeries, type RawSeries } from './series.ts';

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
    adjClose: pick(s.adjClose),
    dividend: pick(s.dividend),
    asTraded: pick(s.asTraded),
  };
}

/** Splits come from authority first; one inferred from a jump needs independent evidence, else a doubt. */
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

  const kept: EvidenceRows = {
    dates,
    close,
    volume,
    adjClose: keep.map((i) => s.adjClose[i] as number),
    dividend: keep.map((i) => s.dividend[i] as number),
  };
  // The vendor's adjusted closes carry its splits only where its closes are as traded.
  const steps = s.vendor === 'as-traded' ? adjustmentSteps(kept) : [];

  // Spin-off days (any vendor's evidence, or the actions file) are never split days.
  const spinOffDays = new Set(actions.spinOffs.map((a) => dayNumber(a.date)));
  for (const series of [s, ...others]) {
    series.split.forEach((c, i) => {
      if (c !== 1 && shareRatio(c) === null) spinOffDays.add(dayNumber(series.dates[i] as string));
    });
    if (series.vendor !== 'as-traded') continue;
    const own = series === s ? steps : adjustmentSteps(series);
    const coefficients = series === s ? keep.map((i) => s.split[i] as number) : series.split;
    for (const step of spinOffSteps(own, coefficients)) spinOffDays.add(dayNumber(series.dates[step.index] as string));
    series.dividend.forEach((_d, i) => {
      if (isLargeDistribution(series, i)) spinOffDays.add(dayNumber(series.dates[i] as string));
    });
  }
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

  const coefficients = keep.map((i) => s.split[i] as number);
  const spinOffRows = new Set(spinOffSteps(steps, coefficients).map((x) => x.index));
  for (const statement of vendorStatements(coefficients, steps)) {
    const verdict = weighVendorStatement(kept, statement, steps.length > 0 || hasAdjusted(kept), others);
    const k = verdict.index;
    const line = s.lines[keep[k] as number];
    const said = describeStatement(statement);
    if (verdict.kind === 'spin-off') {
      if (statement.coefficient !== null)
        report.correct(
          s.file,
          line,
          `spin-off: ${s.ticker} ${dates[k]} vendor coefficient ${statement.coefficient} is no share ratio; prices not adjusted, and no split is inferred near it`,
        );
      else if (spinOffRows.has(statement.index))
        report.correct(
          s.file,
          line,
          `spin-off: ${s.ticker} ${dates[k]} the vendor's adjusted closes step ×${(statement.step as number).toFixed(4)} beyond its dividends, no share ratio; prices not adjusted`,
        );
      continue;
    }
    if (verdict.kind === 'none') continue;
    if (verdict.kind === 'doubt') {
      report.doubt(s.file, line, `vendor split not applied: ${s.ticker} ${dates[k]} ${said}, but ${verdict.why}`);
      continue;
    }
    if (known(dates[k] as string)) continue;
    splits.push({ date: dates[k] as string, ratio: verdict.ratio, evidence: 'vendor' });
    report.correct(
      s.file,
      line,
      `split: ${s.ticker} ${dates[k]} ${formatRatio(verdict.ratio)} (${said}; ${verdict.why})`,
    );
  }

  for (let k = 1; k < keep.length; k++) {
    const i = keep[k] as number;
    if (s.split[i] !== 1 || !s.asTraded[i] || known(dates[k] as string)) continue;
    const found = inferSplit(kept, k, others, nearSpinOff);
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

/** 4% near 2-for-1 and 1-for-2 (a −50% or +100% day is plausible); 10% for larger ratios. */
const ratioTolerance = (ratio: number) => (Math.abs(Math.log(ratio)) < Math.log(2.5) ? 0.04 : 0.1);
/** Calendar days between two rows beyond which they are not consecutive sessions. */
const MAX_SESSION_GAP = 5;

type Inference = { ratio: number; why: string } | { doubt: string } | null;

/** Needs consecutive sessions, no spin-off near, closes ≥ $1 and volume bearing it out, unless a peer decides. */
function inferSplit(
  s: EvidenceRows,
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
  const volume = volumeEvidence(s, k, ratio);
  if (!volume || !volumeShows(volume, ratio)) return { doubt: describeVolume(volume, ratio) };
  return { ratio, why: `close ratio ${priceRatio.toFixed(3)}, ${describeVolume(volume, ratio)}` };
}

interface Statement {
  index: number;
  coefficient: number | null;
  step: number | null;
}

/** Vendors sometimes date the coefficient and the adjusted-close step a session apart. */
function vendorStatements(coefficients: readonly number[], steps: readonly AdjustmentStep[]): Statement[] {
  const out: Statement[] = [];
  const used = new Set<AdjustmentStep>();
  coefficients.forEach((c, index) => {
    if (c === 1 || index === 0) return;
    const step = steps.find(
      (x) => !used.has(x) && Math.abs(x.index - index) <= 1 && Math.abs(Math.log(x.factor / c)) < 0.1,
    );
    if (step) used.add(step);
    out.push({ index, coefficient: c, step: step?.factor ?? null });
  });
  for (const step of steps) if (!used.has(step)) out.push({ index: step.index, coefficient: null, step: step.factor });
  return out.sort((a, b) => a.index - b.index);
}

const describeStatement = (st: Statement) =>
  [
    st.coefficient !== null ? `vendor coefficient ${st.coefficient}` : null,
    st.step !== null ? `the vendor's adjusted closes step ×${st.step.toFixed(4)}` : null,
  ]
    .filter(Boolean)
    .join(', ');

const hasAdjusted = (s: EvidenceRows) => s.adjClose.some((x) => Number.isFinite(x));

type StatementVerdict =
  | { kind: 'split'; index: number; ratio: number; why: string }
  | { kind: 'doubt'; index: number; why: string }
  | { kind: 'spin-off'; index: number }
  | { kind: 'none'; index: number };

/** Decision 019: a ratio under 1.25 moves no price visibly; a larger one must show in closes or volume. */
function weighVendorStatement(
  s: EvidenceRows,
  st: Statement,
  adjusted: boolean,
  others: readonly RawSeries[],
): StatementVerdict {
  const factor = st.coefficient ?? (st.step as number);
  const ratio = shareRatio(factor);
  if (ratio === null) return { kind: 'spin-off', index: st.index };
  const move = (k: number) =>
    k > 0 && k < s.close.length ? (s.close[k - 1] as number) / (s.close[k] as number) : Number.NaN;
  if (isSmallRatio(ratio)) {
    if (st.coefficient === null) return { kind: 'none', index: st.index };
    // On a dividend day the adjusted closes' step is blurred: the coefficient speaks alone.
    if (adjusted && st.step === null && !((s.dividend[st.index] as number) > 0))
      return { kind: 'doubt', index: st.index, why: "the vendor's own adjusted closes do not step by it" };
    return {
      kind: 'split',
      index: st.index,
      ratio,
      why: adjusted ? 'its adjusted closes step by the same ratio' : 'no price move shows so small a ratio',
    };
  }
  const candidates = [st.index, st.index + 1].filter((k) => showsRatio(move(k), ratio));
  const k = candidates[0];
  if (k !== undefined)
    return {
      kind: 'split',
      index: k,
      ratio,
      why: `its closes moved ×${(1 / move(k)).toFixed(3)} (${s.close[k - 1]} → ${s.close[k]})`,
    };
  const volume = volumeEvidence(s, st.index, ratio);
  if (volume && volumeShows(volume, ratio))
    return {
      kind: 'split',
      index: st.index,
      ratio,
      why: `its closes moved ×${(1 / move(st.index)).toFixed(3)} only (a distribution the same day), but ${describeVolume(volume, ratio)}`,
    };
  if (st.coefficient === null) return { kind: 'none', index: st.index };
  const date = s.dates[st.index] as string;
  const peer = others.length > 0 ? peerVerdict(others, s.dates[st.index - 1] as string, date, ratio) : null;
  return {
    kind: 'doubt',
    index: st.index,
    why: `the vendor's own close moved ×${(1 / move(st.index)).toFixed(3)} (${s.close[st.index - 1]} → ${s.close[st.index]}), not ×${(1 / ratio).toFixed(3)}; ${describeVolume(volume, ratio)}${peer === 'contradicts' ? '; the other vendor shows no split either' : ''}`,
  };
}

/** Another vendor's coefficient or flat adjusted closes confirm a split; the same jump there contradicts it. */
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
