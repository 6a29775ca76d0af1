/**
 * Number formats of SPEC §9, in one place for every page.
 * Amounts in the API are in millions of USD (SPEC §3) unless a name says otherwise.
 */

/** A price: '$' and two decimals, e.g. `$1,234.50`. */
export function formatPrice(value: number): string {
  if (!Number.isFinite(value)) return '-';
  return `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/**
 * An amount given in millions of USD as $x.xxT / $x.xxB / $x.xxM (SPEC §9, rankings and screener).
 * Zero or invalid shows '-'.
 */
export function formatMillions(millions: number, decimals = 2): string {
  if (!Number.isFinite(millions) || millions === 0) return '-';
  const sign = millions < 0 ? '-' : '';
  const abs = Math.abs(millions);
  if (abs >= 1_000_000) return `${sign}$${(abs / 1_000_000).toFixed(decimals)}T`;
  if (abs >= 1_000) return `${sign}$${(abs / 1_000).toFixed(decimals)}B`;
  return `${sign}$${abs.toFixed(decimals)}M`;
}

/** A chart axis or tooltip value in millions: M / B / T with one decimal (SPEC §9). */
export function formatAxisMillions(millions: number): string {
  if (!Number.isFinite(millions)) return '-';
  const sign = millions < 0 ? '-' : '';
  const abs = Math.abs(millions);
  if (abs >= 1_000_000) return `${sign}${(abs / 1_000_000).toFixed(1)}T`;
  if (abs >= 1_000) return `${sign}${(abs / 1_000).toFixed(1)}B`;
  return `${sign}${abs.toFixed(1)}M`;
}

/** Millions in words for summaries: '383.3 billion', '1.2 trillion', '950.0 million' (SPEC §9). */
export function formatMillionsInWords(millions: number): string {
  if (!Number.isFinite(millions)) return 'not available';
  const sign = millions < 0 ? 'minus ' : '';
  const abs = Math.abs(millions);
  if (abs >= 1_000_000) return `${sign}${(abs / 1_000_000).toFixed(1)} trillion`;
  if (abs >= 1_000) return `${sign}${(abs / 1_000).toFixed(1)} billion`;
  return `${sign}${abs.toFixed(1)} million`;
}

/** A fraction as a signed percent with two decimals: 0.1234 → '+12.34%'. Invalid shows '-'. */
export function formatFractionPercent(fraction: number, decimals = 2): string {
  if (!Number.isFinite(fraction)) return '-';
  const pct = fraction * 100;
  const sign = pct > 0 ? '+' : '';
  return `${sign}${pct.toFixed(decimals)}%`;
}

/** A share count with thousands separators. */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return '-';
  return Math.round(value).toLocaleString('en-US');
}
