import { basename } from 'node:path';
import type { Db } from '@app/db/client';
import { Progress, type ProgressSink } from '../progress.ts';
import {
  type CompanyRecord,
  describePriceOnlyCompanies,
  type PriceOnlyCompanyFiles,
  upsertCompanies,
} from './companies.ts';
import { readCsv } from './files.ts';
import { assertNotDemoDatabase } from './guard.ts';
import { cleanSeries } from './prices/clean.ts';
import { mergeTickers } from './prices/merge-tickers.ts';
import { mergeVendors } from './prices/merge-vendors.ts';
import { readPriceFile } from './prices/read-files.ts';
import type { MergedSeries, RawSeries } from './prices/series.ts';
import type { ImportReport } from './report.ts';
import { type CorporateActions, nextWeekday, parseCorporateActions } from './splits.ts';
import { replaceCompanyPrices } from './store.ts';

export interface PriceImportOptions {
  /**
   * `prices/tickers.csv`-style index (`ticker,cik,name_sec,...`): which company a price ticker
   * belongs to, including renamed and delisted tickers. Without it tickers match companies by ticker.
   */
  tickerIndex?: string;
  /** A corporate-actions file (`date,ticker,ratio[,kind]`): splits and spin-offs that outrank the prices. */
  actions?: string;
  /**
   * The folder's other company files: older SEC ticker lists, CIK → SIC, S&P lists. Companies
   * known only from a price ticker take their name and sector from them.
   */
  companyFiles?: PriceOnlyCompanyFiles;
  progress?: ProgressSink;
}

export interface PriceImportResult {
  companyIds: number[];
  lastDate: string | null;
}

/**
 * Imports price files (any layout `readPriceFile` knows; several vendors and tickers per
 * company are joined), one company per transaction. Companies a ticker belongs to but that are
 * missing (delisted before the SEC list was taken) are added, so history keeps them.
 */
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
    // The vendor rows are not needed once merged: free them as we go (a full import held every
    // file's rows until the end, 1.2 GB for ../shared/data).
    raw.delete(ticker);
  }
  const globalFirst = min([...merged.values()].map((m) => m.dates[0] as string));
  const globalLast = max([...merged.values()].map((m) => m.dates.at(-1) as string));

  // Which company each ticker belongs to.
  const index = new Map<string, { cik: number | null; name: string }>();
  if (options.tickerIndex) {
    for (const r of await readCsv(options.tickerIndex)) {
      const ticker = (r.ticker ?? '').toUpperCase();
      const cik = Number(r.cik);
      if (ticker) index.set(ticker, { cik: cik > 0 ? cik : null, name: r.name_sec || '' });
    }
  }
  const companies = await db.selectFrom('companies').select(['id', 'cik', 'ticker']).execute();
  const byCik = new Map(companies.filter((c) => c.cik !== null).map((c) => [c.cik as number, c]));
  const byTicker = new Map(companies.map((c) => [c.ticker, c]));
  const missing: CompanyRecord[] = [];
  const companyOf = new Map<string, number>();
  for (const ticker of merged.keys()) {
    const known = index.get(ticker);
    const cik = known?.cik ?? null;
    const found = cik !== null ? byCik.get(cik) : byTicker.get(ticker);
    if (found) companyOf.set(ticker, found.id);
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
  if (missing.length > 0) {
    const describe = await describePriceOnlyCompanies(options.companyFiles ?? {}, report);
    for (const m of missing) Object.assign(m, describe(m));
    const ids = await upsertCompanies(db, missing, report, { insertOnly: true, file: 'price tickers' });
    for (const [ticker, id] of ids) companyOf.set(ticker, id);
    report.note(`${missing.length} companies added from price tickers not in the company list (delisted or renamed)`);
  }

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
      return (merged.get(b)?.dates.at(-1) ?? '').localeCompare(merged.get(a)?.dates.at(-1) ?? '');
    });
    const series = mergeTickers(
      tickers.map((t) => merged.get(t) as MergedSeries),
      report,
    );
    if (!series || series.dates.length === 0) continue;
    const first = series.dates[0] as string;
    const last = series.dates.at(-1) as string;
    // Delisted when the company's own ticker stops trading; a company renamed since (FISV → FI)
    // has its current ticker elsewhere and stays listed.
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
