import { snapRatio } from '../splits.ts';
import { median } from './series.ts';

/** Evidence from one vendor's own numbers (decision 019), so the importer and the audit weigh it alike. */

export interface EvidenceRows {
  dates: readonly string[];
  close: readonly number[];
  volume: readonly number[];
  adjClose: readonly number[];
  dividend: readonly number[];
}

/** Largest denominator of a share ratio: 3-for-2, 21-for-20 (a 5% stock dividend), 1-for-20. */
const MAX_DENOMINATOR = 20;

/** A factor above 1 that is no simple fraction (1.0688) is a spin-off's price adjustment, not a split. */
export function shareRatio(factor: number): number | null {
  if (!Number.isFinite(factor) || factor <= 0 || factor === 1) return null;
  for (let q = 1; q <= MAX_DENOMINATOR; q++) {
    const p = Math.round(factor * q);
    if (p > 0 && Math.abs(p / q / factor - 1) <= 1e-4) return p === q ? null : p / q;
  }
  return factor < 1 ? Math.round(factor * 1e6) / 1e6 : null;
}

export interface AdjustmentStep {
  index: number;
  /** What the vendor divides earlier closes by (2 for a 2-for-1), cash dividends taken out. */
  factor: number;
}

/** Close ÷ adjusted close jumps by the ratio on a split day; dividends only drift it. As-traded vendors only. */
export function adjustmentSteps(s: EvidenceRows, threshold = 0.005): AdjustmentStep[] {
  const steps: AdjustmentStep[] = [];
  for (let i = 1; i < s.dates.length; i++) {
    const before = (s.close[i - 1] as number) / (s.adjClose[i - 1] as number);
    const after = (s.close[i] as number) / (s.adjClose[i] as number);
    if (!Number.isFinite(before) || !Number.isFinite(after) || before <= 0 || after <= 0) continue;
    // A dividend day's step follows the vendor's own formula: no evidence of a split.
    if ((s.dividend[i] as number) > 0) continue;
    const factor = before / after;
    if (Math.abs(Math.log(factor)) > threshold) steps.push({ index: i, factor });
  }
  return steps;
}

/** Not beside a ratio statement: an adjusted series may take a split in two steps (Zebra 2003). */
export function spinOffSteps(steps: readonly AdjustmentStep[], coefficients: readonly number[]): AdjustmentStep[] {
  const ratioAt = (i: number) =>
    (coefficients[i] !== undefined && coefficients[i] !== 1 && shareRatio(coefficients[i] as number) !== null) ||
    steps.some((x) => x.index === i && shareRatio(x.factor) !== null);
  return steps.filter(
    (x) => x.factor > 1.02 && shareRatio(x.factor) === null && ![x.index - 1, x.index, x.index + 1].some(ratioAt),
  );
}

/** A spin-off booked as a dividend (Abbott 2013, Altria 2008): a price drop there is no split. */
export const isLargeDistribution = (s: EvidenceRows, i: number) =>
  i > 0 && (s.dividend[i] as number) >= 0.1 * (s.close[i - 1] as number);

/** Closer to the ratio than to no move, within a third of it in log terms. */
export const showsRatio = (move: number, ratio: number) =>
  Math.abs(Math.log(move / ratio)) < Math.abs(Math.log(ratio)) / 3;

/** Ratios under this are stock dividends and small conversions: no day's price move shows them. */
export const SMALL_RATIO = 1.25;
export const isSmallRatio = (ratio: number) => Math.abs(Math.log(ratio)) < Math.log(SMALL_RATIO);

export interface VolumeEvidence {
  lasting: number;
  day: number;
  dollars: number;
}

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

/** A split changes the number of shares, not the money traded; a news move brings 5–30× the dollars. */
export function volumeShows(v: VolumeEvidence, ratio: number): boolean {
  return volumeFault(v, ratio) === null;
}

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
