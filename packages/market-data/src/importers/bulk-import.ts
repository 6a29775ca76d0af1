import type { Db } from '@app/db/client';
import { insertInChunks } from '../chunks.ts';
import { Progress, type ProgressSink } from '../progress.ts';
import { type CompanyRecord, displayName, isPlainTicker, normaliseExchange, upsertCompanies } from './companies.ts';
import { importFactsDocument } from './facts-import.ts';
import { finishRealImport } from './folder-import.ts';
import { assertNotDemoDatabase } from './guard.ts';
import { ImportReport } from './report.ts';
import { sectorFromSic } from './sectors.ts';
import { ZipReader } from './zip.ts';

/** SEC's nightly bulk archives, as downloaded (either may be left out). */
export interface BulkSources {
  /** `submissions.zip`: one `CIK##########.json` per filer (name, tickers, exchanges, SIC). */
  submissions?: string;
  /** `companyfacts.zip`: one `CIK##########.json` per filer, the companyfacts API's format. */
  companyfacts?: string;
}

export interface BulkImportResult {
  reports: ImportReport[];
  companyIds: number[];
  /** Company documents read from the archives, per second of the whole import. */
  companiesPerSecond: number;
  seconds: number;
  steps: { name: string; documents: number; seconds: number }[];
}

/** A company document; `CIK##########-submissions-001.json` pages (older filings only) are not. */
const COMPANY_ENTRY = /^CIK\d{10}\.json$/;
const BATCH = 500;

/**
 * Submissions first (so every filer is a company), then companyfacts. Both zips are opened before
 * anything is written, so a truncated or foreign file changes nothing; a rerun writes the same rows.
 */
export async function importBulk(db: Db, sources: BulkSources, progress?: ProgressSink): Promise<BulkImportResult> {
  await assertNotDemoDatabase(db);
  const started = Date.now();
  const submissions = sources.submissions ? await ZipReader.open(sources.submissions) : null;
  let companyfacts: ZipReader | null = null;
  try {
    companyfacts = sources.companyfacts ? await ZipReader.open(sources.companyfacts) : null;
  } catch (err) {
    submissions?.close();
    throw err;
  }
  const reports: ImportReport[] = [];
  const touched = new Set<number>();
  const steps: BulkImportResult['steps'] = [];
  const step = async (name: string, run: (report: ImportReport) => Promise<number>) => {
    const report = new ImportReport(name);
    reports.push(report);
    const t = Date.now();
    const documents = await run(report);
    steps.push({ name, documents, seconds: (Date.now() - t) / 1000 });
  };
  try {
    if (submissions) await step('submissions', (r) => importSubmissions(db, submissions, r, touched, progress));
    if (companyfacts) await step('companyfacts', (r) => importCompanyFactsZip(db, companyfacts, r, touched, progress));
  } finally {
    submissions?.close();
    companyfacts?.close();
  }
  const companyIds = [...touched].sort((a, b) => a - b);
  await finishRealImport(db, companyIds);
  const seconds = (Date.now() - started) / 1000;
  const documents = steps.reduce((n, x) => n + x.documents, 0);
  return { reports, companyIds, seconds, companiesPerSecond: documents / Math.max(seconds, 0.001), steps };
}

interface Known {
  ticker: string;
  sic: string | null;
  sector: number | null;
  industry: string | null;
  exchange: string | null;
}

async function importSubmissions(
  db: Db,
  zip: ZipReader,
  report: ImportReport,
  touched: Set<number>,
  progress?: ProgressSink,
): Promise<number> {
  const known = new Map<number, Known>();
  for (const c of await db
    .selectFrom('companies')
    .select(['cik', 'ticker', 'sic', 'sector', 'industry', 'exchange'])
    .where('cik', 'is not', null)
    .execute())
    known.set(c.cik as number, c);
  const bar = new Progress('submissions', progress).start(zip.entryCount);
  let batch: SubmissionsCompany[] = [];
  let overflow = 0;
  let documents = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const ids = await upsertCompanies(db, batch, report, { file: zip.file });
    for (const id of ids.values()) touched.add(id);
    report.written += await replaceFormerNames(db, batch, ids);
    batch = [];
  };
  for await (const entry of zip.entries()) {
    bar.tick(1, entry.fileName);
    if (!COMPANY_ENTRY.test(entry.fileName)) {
      if (/-submissions-\d+\.json$/.test(entry.fileName)) overflow++;
      continue;
    }
    documents++;
    report.read++;
    let doc: unknown;
    try {
      doc = JSON.parse((await zip.read(entry)).toString('utf8'));
    } catch (err) {
      report.reject(entry.fileName, undefined, `unreadable submissions: ${(err as Error).message}`);
      continue;
    }
    const parsed = companyFromSubmissions(doc, known);
    if (typeof parsed === 'string') {
      if (parsed === 'unlisted') report.skipped++;
      else report.reject(entry.fileName, undefined, parsed);
      continue;
    }
    batch.push(parsed);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  bar.done();
  if (overflow > 0) report.note(`${overflow} overflow pages (CIK…-submissions-NNN.json, older filings only) skipped`);
  if (report.skipped > 0)
    report.note(`${report.skipped} filers with no ticker and not in the database skipped (no price, no market cap)`);
  return documents;
}

export interface FormerName {
  name: string;
  since: string | null;
  until: string | null;
}

export type SubmissionsCompany = CompanyRecord & { formerNames: FormerName[] };

/** Writes only the former names that differ from those stored, so a rerun writes nothing. */
async function replaceFormerNames(
  db: Db,
  batch: readonly SubmissionsCompany[],
  ids: ReadonlyMap<string, number>,
): Promise<number> {
  const wanted = new Map<number, FormerName[]>();
  for (const r of batch) {
    const id = ids.get(r.ticker);
    if (id !== undefined) wanted.set(id, r.formerNames);
  }
  if (wanted.size === 0) return 0;
  const stored = new Map<number, FormerName[]>();
  for (const row of await db
    .selectFrom('company_former_names')
    .select(['company_id', 'name', 'since', 'until'])
    .where('company_id', 'in', [...wanted.keys()])
    .orderBy('company_id')
    .orderBy('position')
    .execute()) {
    const list = stored.get(row.company_id) ?? [];
    list.push({ name: row.name, since: row.since, until: row.until });
    stored.set(row.company_id, list);
  }
  const changed = [...wanted].filter(([id, names]) => JSON.stringify(names) !== JSON.stringify(stored.get(id) ?? []));
  if (changed.length === 0) return 0;
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('company_former_names')
      .where(
        'company_id',
        'in',
        changed.map(([id]) => id),
      )
      .execute();
    const rows = changed.flatMap(([id, names]) => names.map((n, position) => ({ company_id: id, position, ...n })));
    await insertInChunks(rows, (part) => trx.insertInto('company_former_names').values(part).execute());
  });
  return changed.length;
}

interface SubmissionsDoc {
  formerNames?: unknown;
  cik?: unknown;
  name?: unknown;
  tickers?: unknown;
  exchanges?: unknown;
  sic?: unknown;
  sicDescription?: unknown;
}

/**
 * A company already stored under the same SIC keeps its sector (GICS outranks SIC). 'unlisted' for a
 * filer with no ticker the database lacks (people, funds, private issuers).
 */
export function companyFromSubmissions(doc: unknown, known: ReadonlyMap<number, Known>): SubmissionsCompany | string {
  if (!doc || typeof doc !== 'object') return 'not a submissions document';
  const d = doc as SubmissionsDoc;
  const cik = Number(d.cik);
  if (!Number.isInteger(cik) || cik <= 0) return `missing or invalid cik: ${JSON.stringify(d.cik)}`;
  const name = typeof d.name === 'string' ? d.name.trim() : '';
  if (!name) return `no name: CIK ${cik}`;
  const tickers = (Array.isArray(d.tickers) ? d.tickers : []).map((t) =>
    typeof t === 'string' ? t.trim().toUpperCase().replace(/\./g, '-') : '',
  );
  const exchanges = Array.isArray(d.exchanges) ? d.exchanges : [];
  const existing = known.get(cik);
  let at = tickers.findIndex(isPlainTicker);
  if (at < 0) at = tickers.findIndex((t) => t !== '');
  if (at < 0 && !existing) return 'unlisted';
  const ticker = at >= 0 ? (tickers[at] as string) : (existing as Known).ticker;
  const exchange = at >= 0 ? normaliseExchange(exchanges[at]) : (existing?.exchange ?? null);
  const rawSic = typeof d.sic === 'string' ? d.sic.trim() : typeof d.sic === 'number' ? String(d.sic) : '';
  const sic = /^\d{4}$/.test(rawSic) && rawSic !== '0000' ? rawSic : (existing?.sic ?? null);
  const title = typeof d.sicDescription === 'string' && d.sicDescription.trim() ? d.sicDescription.trim() : null;
  const sameSic = existing !== undefined && existing.sic === sic;
  return {
    cik,
    ticker,
    name: displayName(name),
    exchange,
    sic,
    sector: (sameSic ? existing.sector : null) ?? sectorFromSic(sic) ?? existing?.sector ?? null,
    industry: (sameSic ? existing.industry : null) ?? (title ? displayName(title) : (existing?.industry ?? null)),
    formerNames: parseFormerNames(d.formerNames),
  };
}

const day = (value: unknown) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;

function parseFormerNames(value: unknown): FormerName[] {
  if (!Array.isArray(value)) return [];
  const out: FormerName[] = [];
  for (const f of value as { name?: unknown; from?: unknown; to?: unknown }[]) {
    const name = typeof f?.name === 'string' ? f.name.trim() : '';
    if (name) out.push({ name: displayName(name), since: day(f.from), until: day(f.to) });
  }
  return out;
}

async function importCompanyFactsZip(
  db: Db,
  zip: ZipReader,
  report: ImportReport,
  touched: Set<number>,
  progress?: ProgressSink,
): Promise<number> {
  const bar = new Progress('companyfacts', progress).start(zip.entryCount);
  const nonUsd: string[] = [];
  let documents = 0;
  for await (const entry of zip.entries()) {
    bar.tick(1, entry.fileName);
    if (!COMPANY_ENTRY.test(entry.fileName)) continue;
    documents++;
    let doc: unknown;
    try {
      doc = JSON.parse((await zip.read(entry)).toString('utf8'));
    } catch (err) {
      report.read++;
      report.reject(entry.fileName, undefined, `unreadable companyfacts: ${(err as Error).message}`);
      continue;
    }
    const id = await importFactsDocument(db, doc, entry.fileName, report, { nonUsd, knownOnly: true });
    if (id !== null) touched.add(id);
  }
  bar.done();
  if (report.skipped > 0)
    report.note(`${report.skipped} filers not in the database skipped (no ticker in the submissions or ticker lists)`);
  return documents;
}
