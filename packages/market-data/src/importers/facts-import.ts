import { basename } from 'node:path';
import type { Db } from '@app/db/client';
import { Progress, type ProgressSink } from '../progress.ts';
import { type CompanyRecord, displayName, isPlaceholderName, upsertCompanies } from './companies.ts';
import { parseCompanyFacts } from './companyfacts.ts';
import { readText } from './files.ts';
import { assertNotDemoDatabase } from './guard.ts';
import type { ImportReport } from './report.ts';
import { nextWeekday, type Split, snapRatio } from './splits.ts';
import { loadSplits, replaceCompanyFacts } from './store.ts';

export interface FactsImportResult {
  companyIds: number[];
  /** Companies reporting in another currency or under IFRS, e.g. 'CIK 1046179 ifrs-full TWD'. */
  nonUsd: string[];
}

/** Run after the price import: share counts are scaled by the splits it found. */
export async function importFacts(
  db: Db,
  files: readonly string[],
  report: ImportReport,
  progress?: ProgressSink,
): Promise<FactsImportResult> {
  await assertNotDemoDatabase(db);
  const bar = new Progress('filings', progress).start(files.length);
  const companyIds: number[] = [];
  const nonUsd: string[] = [];
  for (const path of files) {
    const file = basename(path);
    bar.tick(1, file);
    let doc: unknown;
    try {
      doc = JSON.parse(await readText(path));
    } catch (err) {
      report.read++;
      report.reject(file, undefined, `unreadable companyfacts: ${(err as Error).message}`);
      continue;
    }
    const id = await importFactsDocument(db, doc, file, report, { nonUsd });
    if (id !== null) companyIds.push(id);
  }
  bar.done();
  return { companyIds, nonUsd };
}

export interface FactsDocumentOptions {
  nonUsd: string[];
  /** A CIK no ticker list names has no price, so no market cap and no page anyone would find. */
  knownOnly?: boolean;
}

/** Shared by the per-file and bulk imports; null when the document was rejected or skipped. */
export async function importFactsDocument(
  db: Db,
  doc: unknown,
  file: string,
  report: ImportReport,
  options: FactsDocumentOptions,
): Promise<number | null> {
  report.read++;
  let facts: ReturnType<typeof parseCompanyFacts>;
  try {
    facts = parseCompanyFacts(doc);
  } catch (err) {
    report.reject(file, undefined, `unreadable companyfacts: ${(err as Error).message}`);
    return null;
  }
  let company = await db
    .selectFrom('companies')
    .select(['id', 'name', 'ticker'])
    .where('cik', '=', facts.cik)
    .executeTakeFirst();
  if (company && isPlaceholderName(company) && facts.name) {
    // Known only by its ticker so far (a price file named it): the filing names it.
    const ids = await upsertCompanies(
      db,
      [{ ...(await companyRecord(db, company.id)), name: displayName(facts.name) }],
      report,
      { file },
    );
    if (ids.size > 0) report.correct(file, undefined, `name from filings: ${company.ticker} is ${facts.name}`);
  }
  if (!company && options.knownOnly) {
    report.skipped++;
    return null;
  }
  if (!company) {
    const ticker = `CIK${facts.cik}`;
    const ids = await upsertCompanies(
      db,
      [
        {
          cik: facts.cik,
          ticker,
          name: displayName(facts.name || ticker),
          exchange: null,
          sic: null,
          sector: null,
          industry: null,
        },
      ],
      report,
      { insertOnly: true, file },
    );
    const id = ids.get(ticker);
    if (id === undefined) return null;
    company = { id, name: ticker, ticker };
  }
  if (facts.taxonomy === null) {
    report.reject(
      file,
      undefined,
      `no usable financial facts: CIK ${facts.cik} has neither us-gaap nor ifrs-full amounts`,
    );
  } else if (facts.taxonomy !== 'us-gaap' || facts.currency !== 'USD') {
    const other = facts.otherCurrencies.length ? ` (also ${facts.otherCurrencies.join(', ')}, not mixed in)` : '';
    options.nonUsd.push(`CIK ${facts.cik} ${facts.taxonomy} ${facts.currency}`);
    report.note(
      `${file}: ${facts.name} reports under ${facts.taxonomy} in ${facts.currency}${other}; kept in ${facts.currency}`,
    );
  }
  const splits = await dateSplitsByShares(db, company.id, file, facts.shares, report);
  checkShareJumps(file, facts.shares, splits, report);
  const n = await replaceCompanyFacts(db, company.id, facts, splits);
  report.written += n.fundamentals + n.shares;
  return company.id;
}

async function companyRecord(db: Db, id: number): Promise<CompanyRecord> {
  return db
    .selectFrom('companies')
    .select(['cik', 'ticker', 'name', 'exchange', 'sic', 'sector', 'industry'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** A share count moving by a split-like ratio with no known split in between is reported, not changed. */
function checkShareJumps(
  file: string,
  shares: ReturnType<typeof parseCompanyFacts>['shares'],
  splits: { date: string; ratio: number }[],
  report: ImportReport,
) {
  for (let i = 1; i < shares.length; i++) {
    const a = shares[i - 1] as (typeof shares)[number];
    const b = shares[i] as (typeof shares)[number];
    const jump = b.shares / a.shares;
    if (jump < 1.8 && jump > 1 / 1.8) continue;
    const known = splits.filter((s) => s.date > a.filed && s.date <= b.filed).reduce((f, s) => f * s.ratio, 1);
    if (Math.abs(jump / known - 1) < 0.2) continue;
    const ratio = snapRatio(jump, 0.05);
    report.note(
      `${file}: share count moves ×${jump.toFixed(3)} between ${a.date} and ${b.date}${ratio ? ' (split-like)' : ''} with no split in the price data`,
    );
  }
}

/**
 * A split found inside a vendor's adjusted rows is only bounded: the first filing whose count moved by
 * its ratio ends the window, and the split goes on the weekday after the last filing on the old basis.
 */
async function dateSplitsByShares(
  db: Db,
  companyId: number,
  file: string,
  shares: ReturnType<typeof parseCompanyFacts>['shares'],
  report: ImportReport,
): Promise<Split[]> {
  const splits = await loadSplits(db, companyId);
  const byFiled = [...shares].filter((x) => x.filed).sort((a, b) => (a.filed < b.filed ? -1 : 1));
  for (const split of splits) {
    if (!split.earliest) continue;
    const earliest = split.earliest;
    for (let i = 1; i < byFiled.length; i++) {
      const a = byFiled[i - 1] as (typeof byFiled)[number];
      const b = byFiled[i] as (typeof byFiled)[number];
      if (b.filed < earliest || a.filed >= split.date) continue;
      if (Math.abs(Math.log(b.shares / a.shares / split.ratio)) > Math.log(1.15)) continue;
      const date = a.filed >= earliest ? nextWeekday(a.filed) : earliest;
      await db
        .updateTable('splits')
        .set({ date, earliest: null, evidence: 'shares' })
        .where('company_id', '=', companyId)
        .where('date', '=', split.date)
        .execute();
      report.correct(
        file,
        undefined,
        `split dated: CIK company ${companyId} ${split.ratio}-for-1 between ${date} and ${b.filed} (share count ${a.shares} filed ${a.filed} → ${b.shares} filed ${b.filed})`,
      );
      split.date = date;
      split.earliest = null;
      break;
    }
  }
  return splits;
}
