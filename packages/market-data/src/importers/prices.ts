import { basename } from 'node:path';
import { dayNumber } from '../calendar.ts';
import { parseCsvLine, readLines } from './files.ts';
import type { ImportReport } from './report.ts';
import { factorAfter, nearSplitRatio, type Split, snapRatio } from './splits.ts';

/**
 * How a vendor adjusts its closes. 'as-traded': raw prices and volumes with an explicit split
 * coefficient per day (Alpha Vantage). 'adjusted': split-adjusted as of the download day, with
 * rows appended later on their own day's basis (Yahoo), so splits must be detected.
 */
export type Vendor = 'as-traded' | 'adjusted';

/** One vendor's rows for one ticker, column-wise (millions of rows stay compact). */
export interface RawSeries {
  ticker: string;
  vendor: Vendor;
  file: string;
  dates: string[];
  close: number[];
  volume: number[];
  lines: number[];
  /** Split coefficient per row (as-traded vendors only). */
  split: number[];
  /** Whether the row is on the basis of its own day (detect splits there), per row. */
  asTraded: boolean[];
}

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
}

/** Recognises every price layout we read from its header; null for anything else. */
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
  };
}

/** Yahoo's own layout, assumed for rows appended to a file whose header was lost. */
const DEFAULT_HEADER = ['Date', 'Open', 'High', 'Low', 'Close', 'Adj Close', 'Volume'];

/**
 * The ticker a per-ticker file is about, from its name: `AAPL.csv`, `yahoo_BRK.B.csv`,
 * `alphavantage_DA-AAPL-T-2021-04-21.csv` (the Pooksoft naming).
 */
export function tickerFromFileName(path: string): string {
  const name = basename(path)
    .replace(/\.gz$/, '')
    .replace(/\.csv$/i, '');
  const pooksoft = /^(?:alphavantage_)?DA-(.+)-T-\d{4}-\d{2}-\d{2}$/.exec(name);
  const raw = pooksoft ? (pooksoft[1] as string) : name.replace(/^(yahoo|alphavantage|av)_/i, '');
  return raw.toUpperCase().replace(/\./g, '-');
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Reads one price file (long, with a ticker column, or one per ticker) into per-ticker raw
 * series. Lines that are not rows (HTML or JSON error bodies, `404 Not Found`), `null` values,
 * zero or negative prices and repeated dates are rejected with their line and reason.
 */
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
      s = { ticker, vendor, file, dates: [], close: [], volume: [], lines: [], split: [], asTraded: [] };
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
    // Without a basis column a Yahoo-style file may have appended as-traded rows anywhere.
    series.asTraded.push(layout.basis >= 0 ? get(layout.basis) === 'as_traded' : layout.vendor === 'adjusted');
  }
  flushJunk();
  return into;
}

/** A cleaned series on one basis: split-adjusted to the latest split it knows. */
export type CleanSeries = Omit<RawSeries, 'split' | 'asTraded'> & { splits: Split[] };

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
    asTraded: pick(s.asTraded),
  };
}

function median(xs: number[]): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

/**
 * Cleans one vendor series and puts it on one basis:
 * 1. bad prints — a one-day jump of 40%+ that reverts the next day (within 15%) — are rejected;
 * 2. splits come from the vendor's coefficient (snapped to a simple fraction) or, for rows on
 *    their own day's basis, from an overnight jump near a common split ratio that volume
 *    confirms (shares traded move by the inverse ratio);
 * 3. earlier closes are divided and volumes multiplied by the splits after them.
 */
export function cleanSeries(raw: RawSeries, report: ImportReport, peers: readonly RawSeries[] = []): CleanSeries {
  const s = sortByDate(raw);
  const peerCloses = peers
    .filter((p) => p !== raw)
    .map((p) => new Map(p.dates.map((d, i) => [d, p.close[i] as number])));
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
  const splits: Split[] = [];
  for (let k = 0; k < keep.length; k++) {
    const i = keep[k] as number;
    const coefficient = s.split[i] as number;
    if (coefficient !== 1) {
      const ratio = snapRatio(coefficient);
      if (ratio === null)
        report.correct(
          s.file,
          s.lines[i],
          `split coefficient ignored: ${s.ticker} ${s.dates[i]} ${coefficient} is no share ratio (a spin-off)`,
        );
      else {
        splits.push({ date: dates[k] as string, ratio });
        report.correct(
          s.file,
          s.lines[i],
          `split: ${s.ticker} ${s.dates[i]} ${formatRatio(ratio)} (vendor coefficient ${coefficient})`,
        );
      }
      continue;
    }
    if (k === 0 || !s.asTraded[i]) continue;
    const ratio = detectJumpSplit(close, volume, k);
    if (ratio !== null) {
      splits.push({ date: dates[k] as string, ratio });
      report.correct(
        s.file,
        s.lines[i],
        `split: ${s.ticker} ${s.dates[i]} ${formatRatio(ratio)} detected (close ${close[k - 1]} → ${close[k]}, volume confirms)`,
      );
    }
  }
  applySplits(dates, close, volume, splits);
  return { ticker: s.ticker, vendor: s.vendor, file: s.file, dates, close, volume, lines, splits };
}

/**
 * A split at row k: the close moved by a common split ratio (±12%, the day's own move) and the
 * median volume of the next 10 rows moved the opposite way by at least half that ratio.
 */
function detectJumpSplit(close: number[], volume: number[], k: number): number | null {
  const priceRatio = (close[k - 1] as number) / (close[k] as number);
  if (priceRatio < 1.4 && priceRatio > 1 / 1.4) return null;
  const ratio = nearSplitRatio(priceRatio, 0.12);
  if (ratio === null) return null;
  const before = median(volume.slice(Math.max(0, k - 10), k).filter((v) => v > 0));
  const after = median(volume.slice(k, k + 10).filter((v) => v > 0));
  if (!(before > 0 && after > 0)) return null;
  const volumeRatio = after / before;
  const confirms =
    ratio > 1 ? volumeRatio >= Math.sqrt(ratio) * 0.75 : volumeRatio <= 1 / (Math.sqrt(1 / ratio) * 0.75);
  return confirms ? ratio : null;
}

function applySplits(dates: string[], close: number[], volume: number[], splits: readonly Split[]): void {
  if (splits.length === 0) return;
  for (let i = 0; i < dates.length; i++) {
    const f = factorAfter(splits, dates[i] as string);
    if (f !== 1) {
      close[i] = (close[i] as number) / f;
      volume[i] = (volume[i] as number) * f;
    }
  }
}

export function formatRatio(ratio: number): string {
  if (ratio >= 1) return Number.isInteger(ratio) ? `${ratio}-for-1` : `${+ratio.toFixed(4)}-for-1`;
  const inv = 1 / ratio;
  return Number.isInteger(Math.round(inv * 1e6) / 1e6)
    ? `1-for-${Math.round(inv)} reverse`
    : `${+ratio.toFixed(4)}-for-1`;
}

/** A merged series of one ticker or company, on the latest basis; `splits` are the ones applied. */
export type MergedSeries = Omit<CleanSeries, 'vendor' | 'lines'> & { sources: string[] };

/** Close ratios b ÷ a on the days both have, oldest first. */
function commonRatios(a: CleanSeries, b: CleanSeries): { date: string; ratio: number }[] {
  const at = new Map(b.dates.map((d, i) => [d, b.close[i] as number]));
  const out: { date: string; ratio: number }[] = [];
  a.dates.forEach((d, i) => {
    const other = at.get(d);
    if (other !== undefined) out.push({ date: d, ratio: other / (a.close[i] as number) });
  });
  return out;
}

/** The median ratio over the last `last` common days (where the series are joined). */
function ratioOn(a: CleanSeries, b: CleanSeries, last: number) {
  const all = commonRatios(a, b);
  return { ratio: median(all.slice(-last).map((r) => r.ratio)), overlap: all.length };
}

/**
 * Splits one vendor missed: where the ratio between the vendors steps by a split ratio (±2%)
 * and stays there, the older series lacks that split (Alpha Vantage books Alphabet's 2014
 * class C distribution as a dividend; the other vendor splits it 2-for-1). Steps that are not
 * split ratios are the other vendor's spin-off adjustments and are reported only.
 */
function alignLevels(base: CleanSeries, next: CleanSeries, report: ImportReport): CleanSeries {
  const common = commonRatios(base, next);
  if (common.length < 10) return base;
  const found: Split[] = [];
  let ref = median(common.slice(-5).map((c) => c.ratio));
  let otherSteps = 0;
  for (let i = common.length - 6; i >= 2; i--) {
    const here = (common[i] as { ratio: number }).ratio;
    if (Math.abs(here / ref - 1) < 0.02) continue;
    // A step must hold for three days to count (one-day disagreements are prints).
    const held = median([i, i - 1, i - 2].map((j) => (common[j] as { ratio: number }).ratio));
    if (Math.abs(held / here - 1) > 0.02) continue;
    const step = nearSplitRatio(ref / held, 0.02);
    if (step !== null) found.push({ date: (common[i + 1] as { date: string }).date, ratio: step });
    else otherSteps++;
    ref = held;
  }
  if (otherSteps > 0)
    report.note(
      `${base.ticker}: the vendors' closes step apart ${otherSteps} time(s) by non-split factors (spin-off adjustments; not applied)`,
    );
  if (found.length === 0) return base;
  const close = [...base.close];
  const volume = [...base.volume];
  applySplits(base.dates, close, volume, found);
  for (const f of found)
    report.correct(
      base.file,
      undefined,
      `split: ${base.ticker} ${f.date} ${formatRatio(f.ratio)} missing in this file, found against ${next.file}`,
    );
  return { ...base, close, volume, splits: [...base.splits, ...found].sort((a, b) => (a.date < b.date ? -1 : 1)) };
}

/**
 * Joins two vendors' series of one ticker. The as-traded vendor (explicit splits) serves the
 * dates it covers; the other extends it. On their overlap, the median close ratio tells the
 * splits the older series has not seen (e.g. CSX's 3-for-1 of June 2021 in a file that ends in
 * April 2021): a ratio near a split ratio rescales the older series; a ratio near 1 (spin-off
 * adjustments such as IBM's 1.046) is reported and left alone. Rows of the older series before
 * the other vendor's first day are dropped when they jump unexplained into it (a reused ticker).
 */
export function mergeVendors(series: CleanSeries[], report: ImportReport): MergedSeries | null {
  const sorted = [...series].sort((a, b) => (a.vendor === b.vendor ? 0 : a.vendor === 'as-traded' ? -1 : 1));
  let base = sorted[0];
  if (!base) return null;
  for (const next of sorted.slice(1)) {
    if (next.dates.length === 0) continue;
    if (base.dates.length === 0) {
      base = next;
      continue;
    }
    base = dropReusedTicker(base, next, report);
    base = alignLevels(base, next, report);
    const { ratio, overlap } = ratioOn(base, next, 20);
    const at = base.dates.at(-1) as string;
    // Splits after the older series ends: the whole ratio between the bases, less the ones
    // the newer series already knows (those are applied to it and listed once).
    let total: number | null = null;
    let how = '';
    if (overlap >= 5) {
      const inverse = 1 / ratio;
      total = Math.abs(inverse - 1) < 0.03 ? 1 : nearSplitRatio(inverse, 0.03);
      how = `vendor bases differ by ${ratio.toPrecision(4)} where the files join`;
      if (total === null && Math.abs(ratio - 1) > 0.005)
        report.note(
          `${base.ticker}: vendor closes differ by ${ratio.toPrecision(4)} where the files join (not a split; not applied)`,
        );
    } else if (overlap === 0) {
      total = junctionRatio(base, next);
      how = `detected across the gap to ${next.dates[0]}, volume confirms`;
    }
    let scale = 1;
    if (total !== null && total !== 1) {
      scale = 1 / total;
      const residual = total / factorAfter(next.splits, at);
      const split = Math.abs(residual - 1) < 0.02 ? null : (snapRatio(residual, 0.02) ?? residual);
      if (split !== null) {
        report.correct(base.file, undefined, `split: ${base.ticker} after ${at} ${formatRatio(split)} (${how})`);
        base = { ...base, splits: [...base.splits, { date: nextWeekday(at), ratio: split }] };
      } else report.correct(base.file, undefined, `rescaled: ${base.ticker} rows to the newer file's basis (${how})`);
    }
    const last = base.dates.at(-1) as string;
    const first = base.dates[0] as string;
    const dates: string[] = [];
    const close: number[] = [];
    const volume: number[] = [];
    const lines: number[] = [];
    next.dates.forEach((d, i) => {
      if (d < first) {
        dates.push(d);
        close.push(next.close[i] as number);
        volume.push(next.volume[i] as number);
        lines.push(next.lines[i] as number);
      }
    });
    base.dates.forEach((d, i) => {
      dates.push(d);
      close.push((base?.close[i] as number) * scale);
      volume.push((base?.volume[i] as number) / scale);
      lines.push(base?.lines[i] as number);
    });
    next.dates.forEach((d, i) => {
      if (d > last) {
        dates.push(d);
        close.push(next.close[i] as number);
        volume.push(next.volume[i] as number);
        lines.push(next.lines[i] as number);
      }
    });
    const splits = [
      ...base.splits,
      ...next.splits.filter((s) => !base?.splits.some((b) => Math.abs(dayNumber(s.date) - dayNumber(b.date)) < 5)),
    ];
    base = { ...base, dates, close, volume, lines, splits: splits.sort((a, b) => (a.date < b.date ? -1 : 1)) };
  }
  return {
    ticker: base.ticker,
    file: base.file,
    dates: base.dates,
    close: base.close,
    volume: base.volume,
    splits: base.splits,
    sources: series.map((s) => s.file),
  };
}

function dropReusedTicker(base: CleanSeries, next: CleanSeries, report: ImportReport): CleanSeries {
  const start = next.dates[0] as string;
  const k = base.dates.indexOf(start);
  if (k <= 0) return base;
  const jump = (base.close[k] as number) / (base.close[k - 1] as number);
  const explained = base.splits.some((s) => s.date === start);
  if (explained || (jump < 1.4 && jump > 1 / 1.4)) return base;
  report.reject(
    base.file,
    base.lines[0],
    `ticker reuse: ${base.ticker} ${k} rows ${base.dates[0]}..${base.dates[k - 1]} belong to another security (close ${base.close[k - 1]} → ${base.close[k]} where ${next.file} starts)`,
  );
  const cut = <T>(xs: T[]) => xs.slice(k);
  return { ...base, dates: cut(base.dates), close: cut(base.close), volume: cut(base.volume), lines: cut(base.lines) };
}

/** A split hiding in a gap between two files: the price moved by a split ratio and volume confirms. */
function junctionRatio(before: CleanSeries, after: CleanSeries): number | null {
  const tail = before.close.slice(-5);
  const head = after.close.slice(0, 5);
  const ratio = nearSplitRatio(median(tail) / median(head), 0.2);
  if (ratio === null || ratio === 1.5 || ratio === 1 / 1.5) return null;
  const volumeRatio = median(after.volume.slice(0, 20)) / median(before.volume.slice(-20));
  const confirms =
    ratio > 1 ? volumeRatio >= Math.sqrt(ratio) * 0.75 : volumeRatio <= 1 / (Math.sqrt(1 / ratio) * 0.75);
  return confirms ? ratio : null;
}

export function nextWeekday(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  do d.setUTCDate(d.getUTCDate() + 1);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6);
  return d.toISOString().slice(0, 10);
}

/**
 * Joins the series of several tickers of one company (a renamed ticker: FB then META). The
 * first is the primary; another only adds days outside the primary's range, and only when the
 * price is continuous where they meet (a different share class at another price level is not).
 */
export function mergeTickers(series: MergedSeries[], report: ImportReport): MergedSeries | null {
  const [primary, ...others] = series;
  if (!primary) return null;
  let out = primary;
  for (const o of others) {
    const first = out.dates[0] as string;
    const last = out.dates.at(-1) as string;
    const before = o.dates.map((_d, i) => i).filter((i) => (o.dates[i] as string) < first);
    const after = o.dates.map((_d, i) => i).filter((i) => (o.dates[i] as string) > last);
    const continuous = (a: number, b: number) => a / b < 1.25 && b / a < 1.25;
    const useBefore =
      before.length > 0 && continuous(o.close[before.at(-1) as number] as number, out.close[0] as number);
    const useAfter = after.length > 0 && continuous(o.close[after[0] as number] as number, out.close.at(-1) as number);
    if (!useBefore && !useAfter) {
      report.note(
        `${o.ticker}: same company as ${primary.ticker}, no days to add (another share class or fully covered)`,
      );
      continue;
    }
    const take = (idx: number[]) => ({
      dates: idx.map((i) => o.dates[i] as string),
      close: idx.map((i) => o.close[i] as number),
      volume: idx.map((i) => o.volume[i] as number),
    });
    const b = useBefore ? take(before) : { dates: [], close: [], volume: [] };
    const a = useAfter ? take(after) : { dates: [], close: [], volume: [] };
    out = {
      ...out,
      dates: [...b.dates, ...out.dates, ...a.dates],
      close: [...b.close, ...out.close, ...a.close],
      volume: [...b.volume, ...out.volume, ...a.volume],
      splits: [...out.splits, ...o.splits].sort((x, y) => (x.date < y.date ? -1 : 1)),
      sources: [...out.sources, ...o.sources],
    };
    report.note(
      `${o.ticker}: ${b.dates.length + a.dates.length} days added to ${primary.ticker} (same company, renamed ticker)`,
    );
  }
  return out;
}
