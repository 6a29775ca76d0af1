import { basename } from 'node:path';
import { parseCsvLine, readLines } from '../files.ts';
import type { ImportReport } from '../report.ts';
import type { RawSeries, Vendor } from './series.ts';

interface Layout {
  vendor: Vendor;
  date: number;
  ticker: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  split: number;
  basis: number;
  adjClose: number;
  dividend: number;
}

export function detectLayout(header: string[]): Layout | null {
  const h = header.map((c) => c.trim().toLowerCase().replace(/\s+/g, '_'));
  const at = (...names: string[]) => {
    for (const n of names) {
      const i = h.indexOf(n);
      if (i >= 0) return i;
    }
    return -1;
  };
  const date = at('date', 'timestamp');
  const close = at('close');
  const volume = at('volume');
  if (date < 0 || close < 0 || volume < 0) return null;
  const split = at('split_coefficient');
  return {
    vendor: split >= 0 ? 'as-traded' : 'adjusted',
    date,
    ticker: at('ticker', 'symbol'),
    open: at('open'),
    high: at('high'),
    low: at('low'),
    close,
    volume,
    split,
    basis: at('basis'),
    adjClose: at('adj_close', 'adjusted_close'),
    dividend: at('dividend', 'dividend_amount'),
  };
}

/** Yahoo's own layout, assumed for rows appended to a file whose header was lost. */
const DEFAULT_HEADER = ['Date', 'Open', 'High', 'Low', 'Close', 'Adj Close', 'Volume'];

/** `AAPL.csv`, `yahoo_BRK.B.csv`, `alphavantage_DA-AAPL-T-2021-04-21.csv` (the Pooksoft naming). */
export function tickerFromFileName(path: string): string {
  const name = basename(path)
    .replace(/\.gz$/, '')
    .replace(/\.csv$/i, '');
  const pooksoft = /^(?:alphavantage_)?DA-(.+)-T-\d{4}-\d{2}-\d{2}$/.exec(name);
  const raw = pooksoft ? (pooksoft[1] as string) : name.replace(/^(yahoo|alphavantage|av)_/i, '');
  return raw.toUpperCase().replace(/\./g, '-');
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Non-rows (HTML or JSON error bodies), nulls, non-positive prices and repeated dates are rejected. */
export async function readPriceFile(path: string, report: ImportReport, into = new Map<string, RawSeries[]>()) {
  const file = basename(path);
  const fileTicker = tickerFromFileName(path);
  let layout: Layout | null = null;
  let junkStart = 0;
  let junkCount = 0;
  let current: RawSeries | null = null;
  const seen = new Map<RawSeries, Set<string>>();
  const flushJunk = () => {
    if (junkCount > 0)
      report.reject(file, junkStart, `not a price row: ${junkCount} line${junkCount > 1 ? 's' : ''} of other content`);
    junkCount = 0;
  };
  const seriesFor = (ticker: string, vendor: Vendor): RawSeries => {
    if (current && current.ticker === ticker) return current;
    const list = into.get(ticker) ?? [];
    let s = list.find((x) => x.file === file && x.vendor === vendor);
    if (!s) {
      s = {
        ticker,
        vendor,
        file,
        dates: [],
        close: [],
        volume: [],
        lines: [],
        split: [],
        adjClose: [],
        dividend: [],
        asTraded: [],
        adjustedAsOf: null,
      };
      list.push(s);
      into.set(ticker, list);
      seen.set(s, new Set());
    }
    current = s;
    return s;
  };

  for await (const { line, text } of readLines(path)) {
    if (text.trim() === '') continue;
    const cells = parseCsvLine(text);
    if (!DATE.test((cells[layout?.date ?? 0] ?? '').trim())) {
      const header = detectLayout(cells);
      if (header) {
        flushJunk();
        layout = header;
        continue;
      }
      if (junkCount === 0) junkStart = line;
      junkCount++;
      continue;
    }
    flushJunk();
    if (!layout) layout = detectLayout(DEFAULT_HEADER) as Layout;
    report.read++;
    const get = (i: number) => (i >= 0 ? (cells[i] ?? '').trim() : '');
    const ticker = layout.ticker >= 0 ? get(layout.ticker).toUpperCase().replace(/\./g, '-') : fileTicker;
    const date = get(layout.date);
    const values = [layout.open, layout.high, layout.low, layout.close].filter((i) => i >= 0).map(get);
    if (values.some((v) => v === '' || v.toLowerCase() === 'null') || get(layout.volume).toLowerCase() === 'null') {
      report.reject(file, line, `null values: ${ticker} ${date}`);
      continue;
    }
    const prices = values.map(Number);
    const close = Number(get(layout.close));
    const volume = Number(get(layout.volume) || '0');
    if (prices.some((p) => !Number.isFinite(p)) || !Number.isFinite(volume)) {
      report.reject(file, line, `unparseable number: ${ticker} ${date}`);
      continue;
    }
    if (prices.some((p) => p <= 0) || volume < 0) {
      report.reject(file, line, `zero or negative price: ${ticker} ${date} ${values.join('/')}`);
      continue;
    }
    const series = seriesFor(ticker, layout.vendor);
    const dates = seen.get(series) as Set<string>;
    if (dates.has(date)) {
      report.reject(file, line, `duplicate date: ${ticker} ${date} (first row kept)`);
      continue;
    }
    dates.add(date);
    series.dates.push(date);
    series.close.push(close);
    series.volume.push(volume);
    series.lines.push(line);
    const coefficient = layout.split >= 0 ? Number(get(layout.split) || '1') : 1;
    series.split.push(Number.isFinite(coefficient) && coefficient > 0 ? coefficient : 1);
    // The vendor's own adjusted close (NaN without one) and cash dividend: its adjustment is evidence.
    const adj = layout.adjClose >= 0 ? Number(get(layout.adjClose)) : Number.NaN;
    series.adjClose.push(adj > 0 ? adj : Number.NaN);
    const dividend = layout.dividend >= 0 ? Number(get(layout.dividend) || '0') : 0;
    series.dividend.push(dividend > 0 ? dividend : 0);
    // Without a basis column a Yahoo-style file may have appended as-traded rows anywhere.
    const basis = layout.basis >= 0 ? get(layout.basis) : '';
    series.asTraded.push(layout.basis >= 0 ? basis === 'as_traded' : layout.vendor === 'adjusted');
    const asOf = /^adjusted_(\d{4}-\d{2}-\d{2})$/.exec(basis);
    if (asOf && (series.adjustedAsOf === null || (asOf[1] as string) > series.adjustedAsOf))
      series.adjustedAsOf = asOf[1] as string;
  }
  flushJunk();
  return into;
}
