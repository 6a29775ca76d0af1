import { basename } from 'node:path';
import type { Db } from '@app/db/client';
import { Progress, type ProgressSink } from '../progress.ts';
import {
  type CompanyRecord,
  describePriceOnlyCompanies,
  type PriceOnlyCompanyFiles,
  parseSecTickers,
  upsertCompanies,
} from './companies.ts';
import { readCsv, readText } from './files.ts';
import { assertNotDemoDatabase } from './guard.ts';
import { cleanSeries } from './prices/clean.ts';
import { mergeTickers } from './prices/merge-tickers.ts';
import { mergeVendors } from './prices/merge-vendors.ts';
import { readPriceFile } from './prices/read-files.ts';
import { type MergedSeries, median, type RawSeries } from './prices/series.ts';
import type { ImportReport } from './report.ts';
import { type CorporateActions, nextWeekday, parseCorporateActions } from './splits.ts';
import { replaceCompanyPrices } from './store.ts';

export interface PriceImportOptions {
  /** Which company a price ticker belongs to, renamed and delisted ones included; else match by ticker. */
  tickerIndex?: string;
  /** SEC ticker lists, dated by a `YYYY-MM` in their file name (undated: the newest): who held a ticker when. */
  tickerLists?: string[];
  /** A corporate-actions file (`date,ticker,ratio[,kind]`): splits and spin-offs that outrank the prices. */
  actions?: string;
  /** Names and sectors for companies known only from a price ticker. */
  companyFiles?: PriceOnlyCompanyFiles;
  progress?: ProgressSink;
}

export interface PriceImportResult {
  companyIds: number[];
  lastDate: string | null;
}

/** Companies a ticker belongs to but missing from the SEC list (delisted) are added, so history keeps them. */
export async function importPrices(
  db: Db,
  files: readonly string[],
  report: ImportReport,
  options: PriceImportOptions = {},
): Promise<PriceImportResult> {
  await assertNotDemoDatabase(db);
  const raw = new Map<string, RawSeries[]>();
  for (const file of files) {
    try {
      await readPriceFile(file, report, raw);
    } catch (err) {
      report.reject(file, undefined, `unreadable file: ${(err as Error).message}`);
    }
  }

  const actions = options.actions
    ? parseCorporateActions(await readCsv(options.actions), basename(options.actions), report)
    : new Map<string, CorporateActions>();
  const merged = new Map<string, MergedSeries>();
  for (const [ticker, list] of raw) {
    const m = mergeVendors(
      list.map((s) => cleanSeries(s, report, list, actions.get(ticker))),
      report,
    );
    if (m && m.dates.length > 0) merged.set(ticker, m);
    // Freed as we go: holding every file's rows until the end took 1.2 GB for ../shared/data.
    raw.delete(ticker);
  }
  const globalFirst = min([...merged.values()].map((m) => m.dates[0] as string));
  const globalLast = max([...merged.values()].map((m) => m.dates.at(-1) as string));

  // Decision 019: rows from before a company held the ticker (SEC's dated lists) are another company's.
  const index = new Map<string, { cik: number | null; name: string }>();
  if (options.tickerIndex) {
    for (const r of await readCsv(options.tickerIndex)) {
      const ticker = (r.ticker ?? '').toUpperCase();
      const cik = Number(r.cik);
      if (ticker) index.set(ticker, { cik: cik > 0 ? cik : null, name: r.name_sec || '' });
    }
  }
  const lists = await readTickerLists(options.tickerLists ?? [], report);
  const companies = await db.selectFrom('companies').select(['id', 'cik', 'ticker']).execute();
  const byCik = new Map(companies.filter((c) => c.cik !== null).map((c) => [c.cik as number, c]));
  const byTicker = new Map(companies.map((c) => [c.ticker, c]));
  const holderOf = (ticker: string) => index.get(ticker)?.cik ?? byTicker.get(ticker)?.cik ?? null;
  // A year-long gap splits listings only where the SEC lists say the older rows were another company's.
  const segments = new Map<string, MergedSeries>();
  for (const [ticker, series] of merged) {
    const parts = splitAtGaps(series);
    const holder = holderOf(ticker);
    const older = parts.slice(1);
    if (holder === null || !older.some((p) => laterHolder(lists, ticker, holder, p.dates.at(-1) as string))) {
      segments.set(ticker, series);
      continue;
    }
    parts.forEach((part, k) => {
      segments.set(k === 0 ? ticker : `${ticker}@${part.dates[0]}`, part);
    });
  }
  merged.clear();
  const missing: CompanyRecord[] = [];
  const companyOf = new Map<string, number>();
  const unowned: string[] = [];
  for (const [key, series] of segments) {
    const ticker = series.ticker;
    const known = key === ticker ? index.get(ticker) : undefined;
    const cik = known?.cik ?? null;
    const found = cik !== null ? byCik.get(cik) : key === ticker ? byTicker.get(ticker) : undefined;
    const holder = cik ?? found?.cik ?? null;
    const last = series.dates.at(-1) as string;
    const later = holder !== null ? laterHolder(lists, ticker, holder, last) : null;
    if (later) {
      report.correct(
        series.file,
        undefined,
        `ticker reuse: ${ticker} ${series.dates.length} rows ${series.dates[0]}..${last} are not CIK ${holder}'s: ${later}`,
      );
      unowned.push(key);
      continue;
    }
    if (key !== ticker) {
      unowned.push(key);
      continue;
    }
    if (found) companyOf.set(key, found.id);
    else
      missing.push({
        cik,
        ticker,
        name: known?.name || ticker,
        exchange: null,
        sic: null,
        sector: null,
        industry: null,
      });
  }
  // Unowned rows: the same closes under another ticker (a rename) make them that company's; else their own.
  for (const key of unowned) {
    const series = segments.get(key) as MergedSeries;
    const twin = [...segments].find(
      ([k, other]) => k !== key && other.ticker !== series.ticker && sameCloses(series, other),
    );
    const twinCompany = twin ? companyOf.get(twin[0]) : undefined;
    if (twin && twinCompany !== undefined) {
      companyOf.set(key, twinCompany);
      report.note(
        `${series.ticker}: rows ${series.dates[0]}..${series.dates.at(-1)} are ${twin[1].ticker}'s (the same closes)`,
      );
      continue;
    }
    const year = (series.dates.at(-1) as string).slice(0, 4);
    missing.push({
      cik: null,
      ticker: `${series.ticker} (${year})`,
      name: series.ticker,
      exchange: null,
      sic: null,
      sector: null,
      industry: null,
      segment: key,
    } as CompanyRecord & { segment: string });
  }
  if (missing.length > 0) {
    const describe = await describePriceOnlyCompanies(options.companyFiles ?? {}, report);
    for (const m of missing) {
      const segment = (m as { segment?: string }).segment;
      const plain = segment ? (segments.get(segment) as MergedSeries).ticker : m.ticker;
      Object.assign(m, describe({ ...m, ticker: plain }), { ticker: m.ticker });
    }
    const ids = await upsertCompanies(db, missing, report, { insertOnly: true, file: 'price tickers' });
    for (const m of missing) {
      const id = ids.get(m.ticker);
      if (id !== undefined) companyOf.set((m as { segment?: string }).segment ?? m.ticker, id);
    }
    report.note(`${missing.length} companies added from price tickers not in the company list (delisted or renamed)`);
  }
  const mergedByKey = segments;

  // One company may have several tickers: its own first, then the others by recency.
  const byCompany = new Map<number, string[]>();
  for (const [ticker, id] of companyOf) byCompany.set(id, [...(byCompany.get(id) ?? []), ticker]);
  const primaryTicker = new Map(
    (await db.selectFrom('companies').select(['id', 'ticker']).execute()).map((c) => [c.id, c.ticker]),
  );
  const progress = new Progress('prices', options.progress).start(byCompany.size);
  const written: number[] = [];
  for (const [id, tickers] of byCompany) {
    const own = primaryTicker.get(id);
    tickers.sort((a, b) => {
      if (a === own || b === own) return a === own ? -1 : 1;
      return (mergedByKey.get(b)?.dates.at(-1) ?? '').localeCompare(mergedByKey.get(a)?.dates.at(-1) ?? '');
    });
    const series = mergeTickers(
      tickers.map((t) => mergedByKey.get(t) as MergedSeries),
      report,
    );
    if (!series || series.dates.length === 0) continue;
    const first = series.dates[0] as string;
    const last = series.dates.at(-1) as string;
    // Delisted when its own ticker stops; a company renamed since (FISV → FI) stays listed.
    const delisted =
      own !== undefined && tickers.includes(own) && globalLast !== null && daysBetween(last, globalLast) > 7;
    try {
      report.written += await replaceCompanyPrices(db, id, series, {
        listedOn: first,
        delistedOn: delisted ? nextWeekday(last) : null,
        // Series that start with the files tell nothing about the listing year.
        ipoYear: globalFirst !== null && daysBetween(globalFirst, first) > 31 ? Number(first.slice(0, 4)) : null,
      });
      written.push(id);
    } catch (err) {
      report.reject(series.file, undefined, `company ${tickers.join('/')} not written: ${(err as Error).message}`);
    }
    progress.tick(1, tickers[0]);
  }
  progress.done();
  return { companyIds: written, lastDate: globalLast };
}

const daysBetween = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;
const min = (xs: string[]) => (xs.length ? xs.reduce((a, b) => (a < b ? a : b)) : null);
const max = (xs: string[]) => (xs.length ? xs.reduce((a, b) => (a > b ? a : b)) : null);

const LISTING_GAP_DAYS = 365;

function splitAtGaps(series: MergedSeries): MergedSeries[] {
  const cuts: number[] = [];
  for (let i = 1; i < series.dates.length; i++)
    if (daysBetween(series.dates[i - 1] as string, series.dates[i] as string) > LISTING_GAP_DAYS) cuts.push(i);
  if (cuts.length === 0) return [series];
  const bounds = [0, ...cuts, series.dates.length];
  const parts: MergedSeries[] = [];
  for (let j = bounds.length - 1; j > 0; j--) {
    const from = bounds[j - 1] as number;
    const to = bounds[j] as number;
    const dates = series.dates.slice(from, to);
    parts.push({
      ...series,
      dates,
      close: series.close.slice(from, to),
      volume: series.volume.slice(from, to),
      splits: series.splits.filter((x) => x.date > (dates[0] as string) && x.date <= (dates.at(-1) as string)),
      tickers: [{ ticker: series.ticker, first: dates[0] as string, last: dates.at(-1) as string }],
    });
  }
  // Newest first: it keeps the ticker's own key.
  return parts;
}

interface TickerList {
  /** `YYYY-MM-01` from the file name; null for the newest list. */
  date: string | null;
  holders: Map<string, number>;
  ciks: Set<number>;
}

async function readTickerLists(files: readonly string[], report: ImportReport): Promise<TickerList[]> {
  const scratch = new (report.constructor as new (name: string) => ImportReport)('lists');
  const out: TickerList[] = [];
  for (const file of files) {
    let json: unknown;
    try {
      json = JSON.parse(await readText(file));
    } catch {
      continue;
    }
    const rows = parseSecTickers(json, basename(file), scratch);
    const m = /(\d{4})-(\d{2})/.exec(basename(file));
    out.push({
      date: m ? `${m[1]}-${m[2]}-01` : null,
      holders: new Map(rows.map((r) => [r.ticker, r.cik])),
      ciks: new Set(rows.map((r) => r.cik)),
    });
  }
  return out;
}

/** Why rows up to `last` are not CIK `cik`'s, per a later SEC list (LandBridge's LB after L Brands'). */
function laterHolder(lists: readonly TickerList[], ticker: string, cik: number, last: string): string | null {
  const dated = lists
    .filter((l) => l.date === null || l.date > last)
    .sort((a, b) => (a.date ?? '9999').localeCompare(b.date ?? '9999'));
  const next = dated[0];
  if (!next) return null;
  const holder = next.holders.get(ticker);
  if (holder !== undefined && holder !== cik)
    return `the SEC list of ${next.date ?? 'now'} gives ${ticker} to CIK ${holder}`;
  if (holder === undefined && !next.ciks.has(cik) && dated.slice(1).some((l) => l.holders.get(ticker) === cik))
    return `CIK ${cik} is in no SEC list until after ${next.date ?? 'now'}, when it takes ${ticker}`;
  return null;
}

/** Same closes up to a constant factor on 20+ common days: one listing under two tickers. */
function sameCloses(a: MergedSeries, b: MergedSeries): boolean {
  const at = new Map(b.dates.map((d, i) => [d, b.close[i] as number]));
  const ratios: number[] = [];
  a.dates.forEach((d, i) => {
    const other = at.get(d);
    if (other !== undefined) ratios.push((a.close[i] as number) / other);
  });
  if (ratios.length < 20) return false;
  const m = median(ratios);
  return ratios.filter((r) => Math.abs(r / m - 1) <= 0.005).length >= 0.9 * ratios.length;
}
