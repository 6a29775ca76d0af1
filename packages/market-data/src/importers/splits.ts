import type { SplitEvidence } from '@app/db/schema';

/** A split effective on `date`: prices before it are divided by `ratio`, volumes multiplied. */
export interface Split {
  date: string;
  /** New shares per old share: 4 = 4-for-1, 0.1 = 1-for-10 reverse. */
  ratio: number;
  evidence?: SplitEvidence;
  /** Set when the prices only bound it: it happened on a day in [earliest, date]. */
  earliest?: string | null;
}

export interface CorporateActions {
  splits: (Split & { file: string; line: number })[];
  spinOffs: { date: string; factor: number; file: string; line: number }[];
}

/** p/q with q ≤ 40: 1.49999925 → 1.5, 1.0499999475 → 21/20 (a 5% stock dividend); else null. */
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

/** The closest common ratio within `tolerance` (relative), forward or reverse, else null. */
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

/** Under a third of the ratio in log terms: the one "no split here" test, for as-traded and adjusted closes. */
export function showsNoSplit(move: number, ratio: number): boolean {
  return Math.abs(Math.log(move)) < Math.abs(Math.log(ratio)) / 3;
}

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

/** `date,ticker,ratio[,kind]`; authoritative: its splits are applied whatever the prices show. */
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
