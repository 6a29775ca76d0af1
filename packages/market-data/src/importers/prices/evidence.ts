import { snapRatio } from '../splits.ts';
import { median } from './series.ts';

/**
 * The evidence a corporate action leaves in one vendor's rows (decision 019). Every function
 * here reads the vendor's own numbers only, so the importer and the audit can each weigh them.
 */

/** Rows of one vendor series, column-wise, sorted by date. */
export interface EvidenceRows {
  dates: readonly string[];
  close: readonly number[];
  volume: readonly number[];
  /** The vendor's adjusted close, NaN where it has none. */
  adjClose: readonly number[];
  /** Cash dividend with its ex-date on the row (0 otherwise). */
  dividend: readonly number[];
}

/** Largest denominator of a share ratio: 3-for-2, 21-for-20 (a 5% stock dividend), 1-for-20. */
const MAX_DENOMINATOR = 20;

/**
 * The share ratio a vendor factor stands for (new shares per old), or null when it is none:
 * a simple fraction (vendor float noise aside: 1.49999925 → 1.5, 1.0499999475 → 1.05), or any
 * factor below 1 (fewer shares: a reverse split or a merger's share conversion, 0.955). A factor
 * above 1 that is no simple fraction (1.0688, 1.275) is a spin-off's price adjustment: the parent
 * keeps its shares, so nothing is split.
 */
export function shareRatio(factor: number): number | null {
  if (!Number.isFinite(factor) || factor <= 0 || factor === 1) return null;
  for (let q = 1; q <= MAX_DENOMINATOR; q++) {
    const p = Math.round(factor * q);
    if (p > 0 && Math.abs(p / q / factor - 1) <= 1e-4) return p === q ? null : p / q;
  }
  return factor < 1 ? Math.round(factor * 1e6) / 1e6 : null;
}

/** A step in a vendor's adjusted series beyond cash dividends: its adjustment for a split or a spin-off. */
export interface AdjustmentStep {
  /** Row of the first close on the new basis. */
  index: number;
  /** What the vendor divides earlier closes by (2 for a 2-for-1), cash dividends taken out. */
  factor: number;
}

/**
 * Where the ratio close ÷ adjusted close jumps on a day without a cash dividend. A vendor's
 * adjusted closes divide everything before a split by its ratio, so the ratio jumps by exactly
 * that factor on the split day; dividends only make it drift. Only for vendors whose
 * closes are as traded and whose adjusted closes carry the splits (Alpha Vantage): a vendor whose
 * closes are already split-adjusted (Yahoo) shows dividends alone there.
 */
export function adjustmentSteps(s: EvidenceRows, threshold = 0.005): AdjustmentStep[] {
  const steps: AdjustmentStep[] = [];
  for (let i = 1; i < s.dates.length; i++) {
    const before = (s.close[i - 1] as number) / (s.adjClose[i - 1] as number);
    const after = (s.close[i] as number) / (s.adjClose[i] as number);
    if (!Number.isFinite(before) || !Number.isFinite(after) || before <= 0 || after <= 0) continue;
    // A cash dividend makes the ratio step too, by a formula of the vendor's own (special
    // dividends and spin-offs booked as dividends leave a few percent either way): a step on a
    // dividend day is no evidence of a split; the coefficient alone speaks for that day.
    if ((s.dividend[i] as number) > 0) continue;
    const factor = before / after;
    if (Math.abs(Math.log(factor)) > threshold) steps.push({ index: i, factor });
  }
  return steps;
}

/**
 * Steps that are a spin-off's price adjustment: above 1 and no share ratio, and not beside a
 * share-ratio statement of the same vendor (its adjusted series sometimes takes a split in two
 * steps a session apart, one of them no ratio at all: Zebra 2003).
 */
export function spinOffSteps(steps: readonly AdjustmentStep[], coefficients: readonly number[]): AdjustmentStep[] {
  const ratioAt = (i: number) =>
    (coefficients[i] !== undefined && coefficients[i] !== 1 && shareRatio(coefficients[i] as number) !== null) ||
    steps.some((x) => x.index === i && shareRatio(x.factor) !== null);
  return steps.filter(
    (x) => x.factor > 1.02 && shareRatio(x.factor) === null && ![x.index - 1, x.index, x.index + 1].some(ratioAt),
  );
}

/**
 * A cash distribution worth a tenth of the price or more on row i: a spin-off the vendor books as
 * a dividend (Abbott 2013, Altria 2008), so a price drop there is no split.
 */
export const isLargeDistribution = (s: EvidenceRows, i: number) =>
  i > 0 && (s.dividend[i] as number) >= 0.1 * (s.close[i - 1] as number);

/**
 * Whether a close-to-close move (earlier ÷ later close) shows a share ratio: closer to it than to
 * no move, by a margin (within a third of the ratio in log terms).
 */
export const showsRatio = (move: number, ratio: number) =>
  Math.abs(Math.log(move / ratio)) < Math.abs(Math.log(ratio)) / 3;

/** Ratios under this are stock dividends and small conversions: no day's price move shows them. */
export const SMALL_RATIO = 1.25;
export const isSmallRatio = (ratio: number) => Math.abs(Math.log(ratio)) < Math.log(SMALL_RATIO);

/** What share volume says about a share ratio effective on row k. */
export interface VolumeEvidence {
  /** Median share volume over the month after ÷ the month before (a split multiplies it by the ratio). */
  lasting: number;
  /** The split day's share volume ÷ normal, per unit of ratio (a crash's spike is many times normal). */
  day: number;
  /** Median dollar volume of the day and the four sessions after ÷ normal (a split leaves it as it was). */
  dollars: number;
}

/** Null when there are too few sessions around the day to say. */
export function volumeEvidence(s: EvidenceRows, k: number, ratio: number): VolumeEvidence | null {
  const positive = (from: number, to: number) =>
    s.volume.slice(Math.max(0, from), Math.max(0, to)).filter((x) => x > 0) as number[];
  const normal = positive(k - 25, k - 3);
  const lasting = positive(k + 3, k + 25);
  if (normal.length < 10 || lasting.length < 10 || k + 5 > s.volume.length) return null;
  const base = median(normal);
  const dollarsBase = median(
    s.volume
      .slice(Math.max(0, k - 25), k - 3)
      .map((v, j) => v * (s.close[Math.max(0, k - 25) + j] as number))
      .filter((x) => x > 0),
  );
  const dollarsAfter = median(s.volume.slice(k, k + 5).map((v, j) => v * (s.close[k + j] as number)));
  return {
    lasting: median(lasting) / base,
    day: (s.volume[k] as number) / base / ratio,
    dollars: dollarsAfter / dollarsBase,
  };
}

/**
 * Whether volume bears out a share ratio: share volume moved by about the ratio for the month
 * after (within a factor 1.6; 2 for ratios of 2.5 and more, which no session's news moves a price
 * by), the day's share volume is under 4× normal per unit of ratio, and the day with the four
 * sessions after traded about its usual dollar volume (under 1.6×; 2.5× for the large ratios). A
 * news move of a third or a half comes with a burst of trading (5–30× the usual dollar volume that
 * day, twice or more for days); a split changes the number of shares, not how much money trades.
 */
export function volumeShows(v: VolumeEvidence, ratio: number): boolean {
  return volumeFault(v, ratio) === null;
}

/** What in the volume speaks against a split of `ratio`, or null when nothing does. */
function volumeFault(v: VolumeEvidence, ratio: number): string | null {
  const large = Math.abs(Math.log(ratio)) >= Math.log(2.5);
  if (v.day > 4) return `the day's share volume is a spike (×${(v.day * ratio).toFixed(1)}), as on a crash`;
  if (v.dollars > (large ? 2.5 : 1.6))
    return `dollar volume ×${v.dollars.toFixed(2)} over the day and the 4 sessions after: a burst of trading, as on news`;
  if (Math.abs(Math.log(v.lasting / ratio)) > Math.log(large ? 2 : 1.6))
    return `share volume moved ×${v.lasting.toFixed(2)} over the next month, not ×${+ratio.toFixed(4)}`;
  return null;
}

export function describeVolume(v: VolumeEvidence | null, ratio: number): string {
  if (!v) return 'too few sessions around it to check volume';
  return (
    volumeFault(v, ratio) ??
    `share volume ×${v.lasting.toFixed(2)} over the next month, dollar volume ×${v.dollars.toFixed(2)} around the day`
  );
}

/** The closest simple fraction to a factor, for messages (1.4999 → 1.5). */
export const roundRatio = (x: number) => snapRatio(x, 2e-3) ?? x;
