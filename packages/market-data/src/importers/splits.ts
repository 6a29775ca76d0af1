import type { SplitEvidence } from '@app/db/schema';

/** A split effective on `date`: prices before it are divided by `ratio`, volumes multiplied. */
export interface Split {
  date: string;
  /** New shares per old share: 4 = 4-for-1, 0.1 = 1-for-10 reverse. */
  ratio: number;
  /** How it is known (stored with it; the audit checks the inferred ones). */
  evidence?: SplitEvidence;
  /** Set when the prices only bound it: it happened on a day in [earliest, date]. */
  earliest?: string | null;
}

/** Splits and spin-offs a corporate-actions file names for one ticker. */
export interface CorporateActions {
  splits: (Split & { file: string; line: number })[];
  /** Spin-off days (`factor` = the price adjustment a vendor would apply); never splits. */
  spinOffs: { date: string; factor: number; file: string; line: number }[];
}

/**
 * The simple fraction p/q (q ≤ 40) a vendor's float split coefficient stands for:
 * 7.00000700001 → 7, 1.49999925 → 1.5, 0.166666666667 → 1/6, 1.0499999475 → 21/20 (a 5%
 * stock dividend). Null when no such fraction is within `tolerance` (relative).
 */
export function snapRatio(value: number, tolerance = 1e-4): number | null {
  if (!Number.isFinite(value) || value <= 0) return null;
  for (let q = 1; q <= 40; q++) {
    const p = Math.round(value * q);
    if (p > 0 && Math.abs(p / q / value - 1) <= tolerance) return p / q;
  }
  return null;
}

/** Ratios a price jump is tested against when no vendor names the split. */
const COMMON_RATIOS = [1.5, 2, 3, 4, 5, 6, 7, 8, 10, 15, 20, 25, 30, 40, 50, 100];

/**
 * The common split ratio a price ratio (close before ÷ close after) is near, within `tolerance`
 * relative (the closest one): forward splits (≥ 1.5) and their reverses. Null for anything else.
 */
export function nearSplitRatio(priceRatio: number, tolerance: number): number | null {
  let best: number | null = null;
  let bestError = tolerance;
  for (const r of COMMON_RATIOS) {
    for (const candidate of [r, 1 / r]) {
      const error = Math.abs(priceRatio / candidate - 1);
      if (error <= bestError) {
        best = candidate;
        bestError = error;
      }
    }
  }
  return best;
}

/**
 * Whether a close-to-close move (earlier ÷ later close) stays clear of a split of `ratio`: under a
 * third of it in log terms. The one test of "no split here", whether the closes are a vendor's
 * own as-traded ones checked against its coefficient, or adjusted ones in which a split vanishes.
 */
export function showsNoSplit(move: number, ratio: number): boolean {
  return Math.abs(Math.log(move)) < Math.abs(Math.log(ratio)) / 3;
}

/** Product of the ratios of splits dated after `date`: what an as-of-`date` value is scaled by. */
export function factorAfter(splits: readonly Split[], date: string): number {
  let f = 1;
  for (const s of splits) if (s.date > date) f *= s.ratio;
  return f;
}

export function formatRatio(ratio: number): string {
  if (ratio >= 1) return Number.isInteger(ratio) ? `${ratio}-for-1` : `${+ratio.toFixed(4)}-for-1`;
  const inv = 1 / ratio;
  return Number.isInteger(Math.round(inv * 1e6) / 1e6)
    ? `1-for-${Math.round(inv)} reverse`
    : `${+ratio.toFixed(4)}-for-1`;
}

export function nextWeekday(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  do d.setUTCDate(d.getUTCDate() + 1);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6);
  return d.toISOString().slice(0, 10);
}

/**
 * A corporate-actions file: `date,ticker,ratio[,kind]`, kind `split` (default; ratio = new
 * shares per old, 0.1 = 1-for-10 reverse) or `spin-off` (ratio = the vendors' price factor,
 * e.g. 1.046). Authoritative: its splits are applied whatever the prices show.
 */
export function parseCorporateActions(
  rows: readonly Record<string, string>[],
  file: string,
  report: { reject(file: string, line: number | undefined, reason: string): void },
): Map<string, CorporateActions> {
  const out = new Map<string, CorporateActions>();
  rows.forEach((r, i) => {
    const line = i + 2;
    const date = (r.date ?? '').trim();
    const ticker = (r.ticker ?? '').trim().toUpperCase().replace(/\./g, '-');
    const ratio = Number(r.ratio);
    const kind = (r.kind ?? 'split').trim().toLowerCase() || 'split';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !ticker || !(ratio > 0) || !['split', 'spin-off'].includes(kind)) {
      report.reject(file, line, `malformed corporate action: ${JSON.stringify(r)}`);
      return;
    }
    const actions = out.get(ticker) ?? { splits: [], spinOffs: [] };
    if (kind === 'split') actions.splits.push({ date, ratio, evidence: 'actions', file, line });
    else actions.spinOffs.push({ date, factor: ratio, file, line });
    out.set(ticker, actions);
  });
  return out;
}
