import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '@app/db/client';
import type { CompaniesTable } from '@app/db/schema';
import { slugify } from '@app/shared/slug';
import type { Selectable } from 'kysely';
import { readCsv, readText } from './files.ts';
import type { ImportReport } from './report.ts';
import { sectorFromGics, sectorFromSic } from './sectors.ts';

export interface CompanyRecord {
  cik: number | null;
  ticker: string;
  name: string;
  exchange: string | null;
  sic: string | null;
  sector: number | null;
  industry: string | null;
  /** Names the company filed under before (SEC submissions), newest first; evidence, not written here. */
  formerNames?: readonly { name: string }[];
}

export interface CompanySources {
  /** SEC `company_tickers_exchange.json` or `company_tickers.json`. */
  tickers: string;
  /** `{"<cik>": "<SIC>"}` (SEC submissions `sic`). */
  cikSic?: string;
  companiesCsv?: string;
  constituentsCsv?: string;
  sicTitlesCsv?: string;
}

interface SecRow {
  cik: number;
  ticker: string;
  name: string;
  exchange: string | null;
}

/** Rows of either SEC ticker file, in SEC's order (largest companies first). */
export function parseSecTickers(json: unknown, file: string, report: ImportReport): SecRow[] {
  const rows: SecRow[] = [];
  const push = (cik: unknown, ticker: unknown, name: unknown, exchange: unknown, where: number) => {
    report.read++;
    const c = typeof cik === 'string' ? Number(cik) : cik;
    if (typeof c !== 'number' || !Number.isInteger(c) || c <= 0 || typeof ticker !== 'string' || !ticker.trim()) {
      report.reject(file, where, `malformed ticker row: ${JSON.stringify([cik, ticker, name])}`);
      return;
    }
    rows.push({
      cik: c,
      ticker: ticker.trim().toUpperCase().replace(/\./g, '-'),
      name: typeof name === 'string' && name.trim() ? name.trim() : ticker.trim(),
      exchange: normaliseExchange(exchange),
    });
  };
  if (json && typeof json === 'object' && 'fields' in json && 'data' in json) {
    const { fields, data } = json as { fields: string[]; data: unknown[][] };
    const at = (name: string) => fields.indexOf(name);
    data.forEach((r, i) => {
      push(r[at('cik')], r[at('ticker')], r[at('name')], at('exchange') >= 0 ? r[at('exchange')] : null, i + 1);
    });
  } else if (json && typeof json === 'object') {
    Object.values(json as Record<string, { cik_str?: unknown; ticker?: unknown; title?: unknown }>).forEach((r, i) => {
      push(r?.cik_str, r?.ticker, r?.title, null, i + 1);
    });
  } else report.reject(file, undefined, 'not a SEC ticker list');
  return rows;
}

export function normaliseExchange(value: unknown): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  return value.trim() === 'NYS' ? 'NYSE' : value.trim();
}

/** SEC files many names in capitals ('MICROSOFT CORP'); title case reads better. Mixed case is kept. */
export function displayName(name: string): string {
  if (/[a-z]/.test(name)) return name;
  return name.toLowerCase().replace(/(^|[\s\-/&(.])([a-z])/g, (_m, sep: string, ch: string) => sep + ch.toUpperCase());
}

/** A common-stock-looking ticker: no class, preferred, warrant or unit suffix. */
export const isPlainTicker = (t: string) => /^[A-Z]{1,5}$/.test(t);

/** One record per CIK, not per share class; the primary ticker is SEC's first plain one; GICS else SIC. */
export async function readCompanySources(sources: CompanySources, report: ImportReport): Promise<CompanyRecord[]> {
  const file = basename(sources.tickers);
  let json: unknown;
  try {
    json = JSON.parse(await readText(sources.tickers));
  } catch (err) {
    report.reject(file, undefined, `unreadable JSON: ${(err as Error).message}`);
    return [];
  }
  const secRows = parseSecTickers(json, file, report);
  const cikSic: Record<string, string> = sources.cikSic ? JSON.parse(await readText(sources.cikSic)) : {};
  const gics = new Map<number, { sector: string; industry: string }>();
  const sicTitle = new Map<string, string>();
  if (sources.sicTitlesCsv) {
    for (const r of await readCsv(sources.sicTitlesCsv)) {
      const code = r['SIC Code'];
      if (code) sicTitle.set(code.padStart(4, '0'), r['Industry Title'] ?? '');
    }
  }
  if (sources.constituentsCsv) {
    for (const r of await readCsv(sources.constituentsCsv)) {
      const cik = Number(r.CIK);
      if (cik > 0 && r['GICS Sector'])
        gics.set(cik, { sector: r['GICS Sector'], industry: r['GICS Sub-Industry'] ?? '' });
    }
  }
  if (sources.companiesCsv) {
    for (const r of await readCsv(sources.companiesCsv)) {
      const cik = Number(r.cik);
      if (cik > 0 && r.gics_sector && !gics.has(cik))
        gics.set(cik, { sector: r.gics_sector, industry: r.gics_sub_industry ?? '' });
      if (r.sic && r.sic_industry_title && !sicTitle.has(r.sic)) sicTitle.set(r.sic, r.sic_industry_title);
    }
  }

  const byCik = new Map<number, SecRow[]>();
  for (const row of secRows) {
    const list = byCik.get(row.cik);
    if (list) list.push(row);
    else byCik.set(row.cik, [row]);
  }
  const seenTickers = new Set<string>();
  const records: CompanyRecord[] = [];
  for (const [cik, rows] of byCik) {
    const primary = rows.find((r) => isPlainTicker(r.ticker)) ?? (rows[0] as SecRow);
    if (seenTickers.has(primary.ticker)) {
      report.reject(file, undefined, `duplicate ticker: ${primary.ticker} (CIK ${cik})`);
      continue;
    }
    seenTickers.add(primary.ticker);
    const rawSic = cikSic[String(cik)];
    const sic = rawSic && /^\d{4}$/.test(rawSic) && rawSic !== '0000' ? rawSic : null;
    const g = gics.get(cik);
    const title = sic ? sicTitle.get(sic) : undefined;
    records.push({
      cik,
      ticker: primary.ticker,
      name: displayName(primary.name),
      exchange: primary.exchange,
      sic,
      sector: sectorFromGics(g?.sector) ?? sectorFromSic(sic),
      industry: g?.industry || (title ? displayName(title) : null),
    });
  }
  return records;
}

type ExistingCompany = Pick<
  Selectable<CompaniesTable>,
  'id' | 'cik' | 'ticker' | 'name' | 'slug' | 'sector' | 'industry' | 'sic' | 'exchange'
>;

export interface UpsertOptions {
  /** Only add companies that are missing; never change existing ones (price-file tickers). */
  insertOnly?: boolean;
  file?: string;
}

/** Matched by CIK (else ticker); unchanged rows are not written, so a rerun writes nothing. Slugs: SPEC §2. */
export async function upsertCompanies(
  db: Db,
  records: readonly CompanyRecord[],
  report: ImportReport,
  options: UpsertOptions = {},
): Promise<Map<string, number>> {
  const file = options.file ?? 'companies';
  const existing: ExistingCompany[] = await db
    .selectFrom('companies')
    .select(['id', 'cik', 'ticker', 'name', 'slug', 'sector', 'industry', 'sic', 'exchange'])
    .execute();
  const byCik = new Map(existing.filter((c) => c.cik !== null).map((c) => [c.cik as number, c]));
  const byTicker = new Map(existing.map((c) => [c.ticker, c]));
  const slugs = new Set(existing.map((c) => c.slug));
  const ids = new Map<string, number>();

  const uniqueSlug = (name: string, fallback: string) => {
    const base = slugify(name) || slugify(fallback) || 'company';
    let slug = base;
    for (let n = 2; slugs.has(slug); n++) slug = `${base}-${n}`;
    slugs.add(slug);
    return slug;
  };

  await db.transaction().execute(async (trx) => {
    for (const record of records) {
      let r = record;
      let found = r.cik !== null ? byCik.get(r.cik) : byTicker.get(r.ticker);
      const sameCompany = found && (r.cik !== null || found.cik === null);
      const patch: Partial<ExistingCompany> = {};
      // A company first met in a price file holds the ticker without a CIK; unless contradicted it gets the CIK.
      const holder = !found && r.cik !== null ? byTicker.get(r.ticker) : undefined;
      if (holder && holder.cik === null) {
        const conflict = handOverConflict(holder, r);
        if (conflict) {
          report.reject(
            file,
            undefined,
            `ticker taken: ${r.ticker} (CIK ${r.cik}, ${r.name}) is held by company ${holder.id} "${holder.name}" without a CIK, ${conflict}; not attached`,
          );
          continue;
        }
        found = holder;
        patch.cik = r.cik;
        // What the price-side files told about it stays where the record knows nothing.
        r = {
          ...r,
          sector: r.sector ?? holder.sector,
          industry: r.industry ?? holder.industry,
          sic: r.sic ?? holder.sic,
          exchange: r.exchange ?? holder.exchange,
        };
        report.correct(
          file,
          undefined,
          `ticker hand-over: ${r.ticker} (company ${holder.id} "${holder.name}", known by ticker only) is CIK ${r.cik} ${r.name}; CIK attached, id and prices kept`,
        );
      }
      if (found && (sameCompany || patch.cik !== undefined)) {
        ids.set(r.ticker, found.id);
        if (options.insertOnly) {
          if (patch.cik !== undefined) {
            await trx.updateTable('companies').set(patch).where('id', '=', found.id).execute();
            Object.assign(found, patch);
            byCik.set(r.cik as number, found);
            report.written++;
          } else report.unchanged++;
          continue;
        }
        if (found.name !== r.name) {
          patch.name = r.name;
          const base = slugify(r.name);
          if (found.slug !== base && !new RegExp(`^${base}-\\d+$`).test(found.slug)) {
            slugs.delete(found.slug);
            patch.slug = uniqueSlug(r.name, r.ticker);
          }
        }
        if (found.ticker !== r.ticker) {
          const other = byTicker.get(r.ticker);
          if (other && other.id !== found.id) {
            // Joining two companies' prices is a merge of histories, left to a person.
            const conflict = other.cik === null ? handOverConflict(other, r) : null;
            const why =
              other.cik !== null
                ? `(CIK ${other.cik})`
                : conflict
                  ? `without a CIK, ${conflict}`
                  : 'without a CIK, likely the same company (two rows with their own prices, not merged)';
            report.reject(
              file,
              undefined,
              `ticker taken: ${r.ticker} (CIK ${r.cik ?? '-'}, ${r.name}) is held by company ${other.id} "${other.name}" ${why}; kept ${found.ticker}`,
            );
          } else patch.ticker = r.ticker;
        }
        for (const key of ['sector', 'industry', 'sic', 'exchange'] as const) {
          if (found[key] !== r[key]) (patch as Record<string, unknown>)[key] = r[key];
        }
        if (Object.keys(patch).length === 0) {
          report.unchanged++;
          continue;
        }
        await trx.updateTable('companies').set(patch).where('id', '=', found.id).execute();
        Object.assign(found, patch);
        byTicker.set(found.ticker, found);
        if (found.cik !== null) byCik.set(found.cik, found);
        report.written++;
        continue;
      }
      const taken = byTicker.get(r.ticker);
      if (taken) {
        report.reject(
          file,
          undefined,
          `ticker taken: ${r.ticker} (CIK ${r.cik ?? '-'}, ${r.name}) is held by company ${taken.id} "${taken.name}" (CIK ${taken.cik ?? '-'})`,
        );
        continue;
      }
      const row = {
        cik: r.cik,
        ticker: r.ticker,
        name: r.name,
        slug: uniqueSlug(r.name, r.ticker),
        sector: r.sector,
        industry: r.industry,
        sic: r.sic,
        exchange: r.exchange,
        country: null,
      };
      const { id } = await trx.insertInto('companies').values(row).returning('id').executeTakeFirstOrThrow();
      const created = { id, ...row };
      if (r.cik !== null) byCik.set(r.cik, created);
      byTicker.set(r.ticker, created);
      ids.set(r.ticker, id);
      report.written++;
    }
  });
  return ids;
}

/** A company named by nothing but its ticker (or CIK): any file that names it is better. */
export const isPlaceholderName = (c: { name: string; ticker: string }) =>
  c.name.trim() === '' || c.name === c.ticker || /^CIK\d+$/.test(c.name);

/** Why the CIK-less holder of the record's ticker is another company, or null when nothing says so. */
export function handOverConflict(holder: { name: string; ticker: string }, record: CompanyRecord): string | null {
  if (isPlaceholderName(holder)) return null;
  const held = comparableName(holder.name);
  const names = [record.name, ...(record.formerNames ?? []).map((f) => f.name)];
  if (names.some((n) => comparableName(n) === held)) return null;
  return `whose name differs`;
}

const LEGAL_SUFFIXES = new Set([
  'inc',
  'incorporated',
  'corp',
  'corporation',
  'co',
  'company',
  'ltd',
  'limited',
  'plc',
  'llc',
  'lp',
  'sa',
  'nv',
  'ag',
  'se',
]);

export function comparableName(name: string): string {
  const words = name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  if (words[0] === 'the' && words.length > 1) words.shift();
  for (;;) {
    const n = words.length;
    if (n > 2 && words[n - 2] === 'class' && (words[n - 1] as string).length === 1) words.splice(n - 2, 2);
    else if (n > 2 && words[n - 2] === 'common' && words[n - 1] === 'stock') words.splice(n - 2, 2);
    else if (n > 1 && LEGAL_SUFFIXES.has(words[n - 1] as string)) words.pop();
    else break;
  }
  return words.join(' ');
}

/** Index members of 2021–2022 acquired or failed before any SEC list of a data folder (public facts). */
const DELISTED_COMPANIES = fileURLToPath(new URL('../../reference/delisted-companies.csv', import.meta.url));

export interface PriceOnlyCompanyFiles {
  /** Older SEC ticker lists, newest first. */
  history?: string[];
  cikSic?: string;
  companiesCsv?: string;
  constituentsCsv?: string;
  sicTitlesCsv?: string;
  /** An S&P snapshot with `Symbol,Name,…` (names of members acquired since). */
  financialsCsv?: string;
}

/** For companies known only from a price ticker (delisted or renamed before the current SEC list). */
export async function describePriceOnlyCompanies(
  files: PriceOnlyCompanyFiles,
  report: ImportReport,
): Promise<(c: CompanyRecord) => Partial<CompanyRecord>> {
  const scratch = new (report.constructor as new (name: string) => ImportReport)('history');
  const byCik = new Map<number, CompanyRecord>();
  const byTicker = new Map<string, CompanyRecord>();
  for (const tickers of files.history ?? []) {
    const records = await readCompanySources({ ...files, tickers }, scratch);
    for (const r of records) {
      if (r.cik !== null && !byCik.has(r.cik)) byCik.set(r.cik, r);
      if (!byTicker.has(r.ticker)) byTicker.set(r.ticker, r);
    }
  }
  const cikSic: Record<string, string> = files.cikSic ? JSON.parse(await readText(files.cikSic)) : {};
  const bySymbol = new Map<string, { name: string; sector: string }>();
  for (const path of [files.constituentsCsv, files.financialsCsv])
    if (path)
      for (const r of await readCsv(path)) {
        const symbol = (r.Symbol ?? '').toUpperCase().replace(/\./g, '-');
        const name = r.Security ?? r.Name ?? '';
        if (symbol && name && !bySymbol.has(symbol))
          bySymbol.set(symbol, { name, sector: r['GICS Sector'] ?? r.Sector ?? '' });
      }
  // Companies that left the indexes before any SEC list was taken: price rows are all a folder holds of them.
  const delisted = new Map(
    (await readCsv(DELISTED_COMPANIES)).map((r) => [r.ticker ?? '', { name: r.name ?? '', sector: r.gics_sector }]),
  );
  return (c) => {
    const found = (c.cik !== null ? byCik.get(c.cik) : undefined) ?? byTicker.get(c.ticker);
    const listed = bySymbol.get(c.ticker);
    const known = delisted.get(c.ticker);
    const rawSic = c.cik !== null ? cikSic[String(c.cik)] : undefined;
    const sic = found?.sic ?? (rawSic && /^\d{4}$/.test(rawSic) && rawSic !== '0000' ? rawSic : null);
    const name = found?.name ?? (listed ? displayName(listed.name) : (known?.name ?? c.name));
    return {
      name,
      exchange: found?.exchange ?? null,
      sic,
      sector: found?.sector ?? sectorFromGics(listed?.sector) ?? sectorFromSic(sic) ?? sectorFromGics(known?.sector),
      industry: found?.industry ?? null,
    };
  };
}
