// Number formats of SPEC §9. API amounts are $M (SPEC §3) unless a name says otherwise.

export interface NumberDigits {
  minimumFractionDigits?: number;
  /** Decimals at most, rounding half away from zero (default the larger of 3 and the minimum). */
  maximumFractionDigits?: number;
}

/** `toLocaleString('en-US', digits)` without Intl, whose first number format costs 50–100 ms while pages hydrate. */
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

// The unit comes from the rounded figure: 999,999.999 ($M) reads 1.00T, not 1000.00B.
function scaleMillions(abs: number, decimals: number): { figure: string; letter: string; word: string } {
  for (const scale of SCALES) {
    const figure = (abs / scale.divisor).toFixed(decimals);
    if (Number(figure) >= 1 || scale.divisor === 1) return { figure, letter: scale.letter, word: scale.word };
  }
  throw new Error('unreachable');
}

/** Millions of USD as $x.xxT / $x.xxB / $x.xxM (SPEC §9); zero or invalid shows '-'. */
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

/** Signed, fixed decimals: '+2.50', '-0.31', and '0.00' (never '-0.00') for what rounds to zero. */
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

// Not Intl.DateTimeFormat: its first use loads calendar data (55–160 ms) while the page hydrates.
/** `YYYY-MM-DD` as 'Monday, November 23, 2026' (long) or 'Nov 23, 2026' (medium), in any time zone. */
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
