// Numbers as annual reports print them ("$ 1,452.4", "(19,911)" negative, "—" none, "13.0%"), the scale a table
// states once ("in millions", "€m", "$'000"), and how an answer says a figure back.

export type Scale = '' | 'thousand' | 'million' | 'billion';

const SCALE_FACTOR: Record<Scale, number> = { '': 1, thousand: 1e3, million: 1e6, billion: 1e9 };

export function scaleFactor(scale: Scale): number {
  return SCALE_FACTOR[scale];
}

export interface Amount {
  value: number;
  /** The currency sign printed with it or stated for its table ("$", "€", "£"), else "". */
  currency: string;
  percent: boolean;
  /** Decimals printed, so the answer repeats the figure as the report wrote it. */
  decimals: number;
}

const CELL_NUMBER =
  /^\(?\s*(?:US)?([$€£¥])?\s*\(?\s*(-|−|–)?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?\s*\)?\s*(%|pts?)?\s*\)?$/;

/** Parses a table cell; null when it holds no number (labels, "—", footnote marks). */
export function parseAmount(cell: string): Amount | null {
  const text = cell.replace(/\s+/g, ' ').trim();
  const m = CELL_NUMBER.exec(text);
  if (!m) return null;
  const digits = (m[3] ?? '').replace(/,/g, '');
  const decimals = m[4]?.length ?? 0;
  let value = Number(`${digits}${decimals ? `.${m[4]}` : ''}`);
  if (!Number.isFinite(value)) return null;
  const negative = /^\(.*\)$|^[$€£¥]\s*\(.*\)$/.test(text) || Boolean(m[2]);
  if (negative) value = -value;
  return { value, currency: m[1] ?? '', percent: Boolean(m[5]), decimals };
}

const YEAR = /\b(?:19[5-9]\d|20[0-4]\d)\b/g;

export function yearsIn(text: string): number[] {
  return [...text.matchAll(YEAR)].map((m) => Number(m[0]));
}

/** Short fiscal years as analysts write them: "FY22" → 2022, "FY19" → 2019. */
export function fiscalYearsIn(text: string): number[] {
  return [...text.matchAll(/\bFY ?'?(\d{2})\b/gi)].map((m) => 2000 + Number(m[1]));
}

/** The scale a table or its caption states, e.g. "(in millions)", "€m", "$'000", "(Dollars in thousands)". */
export function scaleIn(text: string): Scale | null {
  if (/\bin (?:thousands|000s)\b|\$\s?['’]000|['’]000\b|\bthousands of\b|\(\s*000s?\s*\)/i.test(text))
    return 'thousand';
  if (
    /\bin millions\b|\bmillions of\b|\(\s*(?:dollars |\$ ?)?millions\b|(?:^|[\s(])(?:[$€£]|USD|US\$|EUR|GBP)\s?m\b|\b(?:[$€£]|USD)\s?millions?\b|\$\s?mn\b/i.test(
      text,
    )
  )
    return 'million';
  if (/\bin billions\b|(?:^|[\s(])(?:[$€£]|USD)\s?bn?\b/i.test(text)) return 'billion';
  return null;
}

export function currencyIn(text: string): string | null {
  if (/€|\bEUR\b/.test(text)) return '€';
  if (/£|\bGBP\b/.test(text)) return '£';
  if (/\$|\bUSD\b|\bdollars?\b/i.test(text)) return '$';
  return null;
}

function group(value: number, decimals: number): string {
  return Math.abs(value).toLocaleString('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
}

/** "$1,496.5 million", "-$12.6 million", "13.0%", "$23,601 million ($23.6 billion)"; a bare count stays bare. */
export function formatAmount(amount: Amount, scale: Scale): string {
  const { value, currency, percent, decimals } = amount;
  const sign = value < 0 ? '-' : '';
  if (percent) return `${sign}${group(value, decimals)}%`;
  const body = `${sign}${currency}${group(value, decimals)}${scale ? ` ${scale}` : ''}`;
  if (scale === 'million' && Math.abs(value) >= 1000)
    return `${body} (${sign}${currency}${group(value / 1000, 1)} billion)`;
  if (scale === 'thousand' && Math.abs(value) >= 1000)
    return `${body} (${sign}${currency}${group(value / 1000, 1)} million)`;
  return body;
}

export function roundFor(value: number): number {
  return Math.abs(value) >= 100 ? 1 : 2;
}
