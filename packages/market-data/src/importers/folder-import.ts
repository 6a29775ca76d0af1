import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '@app/db/client';
import { refreshDerived } from '../derived.ts';
import { META_KEYS, setMeta } from '../meta.ts';
import type { ProgressSink } from '../progress.ts';
import { readingsReady, refreshReadings } from '../readings.ts';
import { type CompanySources, isPlaceholderName, readCompanySources, upsertCompanies } from './companies.ts';
import { importFacts } from './facts-import.ts';
import { assertNotDemoDatabase } from './guard.ts';
import { importPrices } from './price-import.ts';
import { ImportReport } from './report.ts';

/** Where each kind of file sits in a data folder laid out like `../shared/data`. */
export function locateSources(dir: string) {
  const first = (...names: string[]) => names.map((n) => join(dir, n)).find((p) => existsSync(p));
  const list = (sub: string, pattern: RegExp) =>
    existsSync(join(dir, sub))
      ? readdirSync(join(dir, sub))
          .filter((f) => pattern.test(f))
          .sort()
          .map((f) => join(dir, sub, f))
      : [];
  return {
    tickers: first(
      'universe/company_tickers_exchange.json',
      'universe/company_tickers.json',
      'company_tickers_exchange.json',
      'company_tickers.json',
    ),
    cikSic: first('universe/cik_sic.json', 'cik_sic.json'),
    companiesCsv: first('universe/companies.csv'),
    constituentsCsv: first('sp500/constituents.csv'),
    sicTitlesCsv: first('reference/sic_codes_sec.csv'),
    // Top-level price files only: prices/originals/ holds format examples of the same data.
    prices: list('prices', /\.csv(\.gz)?$/).filter((f) => !f.endsWith('tickers.csv')),
    tickerIndex: first('prices/tickers.csv'),
    actions: first('corporate-actions.csv', 'prices/corporate-actions.csv'),
    history: list('universe/history', /\.json$/).reverse(),
    financialsCsv: first('sp500/constituents-financials.csv'),
    facts: list('companyfacts', /\.json(\.gz)?$/),
  };
}

export async function importCompanies(db: Db, sources: CompanySources, report: ImportReport) {
  await assertNotDemoDatabase(db);
  const records = await readCompanySources(sources, report);
  return upsertCompanies(db, records, report, { file: sources.tickers });
}

export interface ImportAllResult {
  reports: ImportReport[];
  dataDate: string | null;
  companies: number;
  seconds: number;
  rowsRead: number;
}

/** Order matters: companies (tickers resolve), prices (splits known), filings (counts scaled), derived. */
export async function importAll(db: Db, dir: string, progress?: ProgressSink): Promise<ImportAllResult> {
  const started = Date.now();
  const src = locateSources(dir);
  const reports: ImportReport[] = [];
  if (src.tickers) {
    const r = new ImportReport('companies');
    reports.push(r);
    await importCompanies(
      db,
      {
        tickers: src.tickers,
        cikSic: src.cikSic,
        companiesCsv: src.companiesCsv,
        constituentsCsv: src.constituentsCsv,
        sicTitlesCsv: src.sicTitlesCsv,
      },
      r,
    );
  }
  const touched = new Set<number>();
  let dataDate: string | null = null;
  if (src.prices.length > 0) {
    const r = new ImportReport('prices');
    reports.push(r);
    const result = await importPrices(db, src.prices, r, {
      tickerIndex: src.tickerIndex,
      tickerLists: [...(src.tickers ? [src.tickers] : []), ...src.history],
      actions: src.actions,
      companyFiles: {
        history: src.history,
        cikSic: src.cikSic,
        companiesCsv: src.companiesCsv,
        constituentsCsv: src.constituentsCsv,
        sicTitlesCsv: src.sicTitlesCsv,
        financialsCsv: src.financialsCsv,
      },
      progress,
    });
    for (const id of result.companyIds) touched.add(id);
    dataDate = result.lastDate;
  }
  if (src.facts.length > 0) {
    const r = new ImportReport('filings');
    reports.push(r);
    const result = await importFacts(db, src.facts, r, progress);
    for (const id of result.companyIds) touched.add(id);
  }
  const ids = [...touched].sort((a, b) => a - b);
  dataDate = (await finishRealImport(db, ids)) ?? dataDate;
  const gaps = await reportUndescribedCompanies(db);
  if (gaps) reports.push(gaps);
  return {
    reports,
    dataDate,
    companies: ids.length,
    seconds: (Date.now() - started) / 1000,
    rowsRead: reports.reduce((s, r) => s + r.read, 0),
  };
}

/** The data date comes from stored quotes, not the files (they may name rejected companies' days). */
export async function finishRealImport(db: Db, companyIds: readonly number[]): Promise<string | null> {
  if (companyIds.length === 0) return null;
  await refreshDerived(db, { companyIds });
  // Each company's filings write its readings; a database of older imports gets every company's once.
  if (!(await readingsReady(db))) await refreshReadings(db);
  await setMeta(db, META_KEYS.source, 'real');
  const latest = await db
    .selectFrom('latest_quotes')
    .select((eb) => eb.fn.max('date').as('d'))
    .executeTakeFirst();
  const dataDate = latest?.d ?? null;
  if (dataDate) await setMeta(db, META_KEYS.dataDate, dataDate);
  return dataDate;
}

/** Priced companies no file names or classifies: gaps in the sources, not in the importer. */
export async function reportUndescribedCompanies(db: Db): Promise<ImportReport | null> {
  const priced = await db
    .selectFrom('companies')
    .select(['ticker', 'name', 'sector'])
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('daily_prices').select('company_id').whereRef('daily_prices.company_id', '=', 'companies.id')),
    )
    .orderBy('ticker')
    .execute();
  const nameless = priced.filter(isPlaceholderName).map((c) => c.ticker);
  const sectorless = priced.filter((c) => c.sector === null).map((c) => c.ticker);
  if (nameless.length === 0 && sectorless.length === 0) return null;
  const report = new ImportReport('names and sectors');
  report.read = priced.length;
  if (nameless.length > 0)
    report.note(
      `${nameless.length} priced companies have no name in any file (shown by ticker): ${nameless.join(', ')}`,
    );
  if (sectorless.length > 0)
    report.note(`${sectorless.length} priced companies have no sector in any file: ${sectorless.join(', ')}`);
  return report;
}
