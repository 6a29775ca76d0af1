import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DbHandle } from '@app/db/client';
import { createTestDb, testEngines } from '@app/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERIES_CHAINS } from './companyfacts.ts';
import { importFacts } from './facts-import.ts';
import { readText } from './files.ts';
import { ImportReport } from './report.ts';

// Every new annual series of the shared companyfacts against SEC's own choice of value for the
// fiscal year: the fact SEC's frames API assigns to that year (`frame` CY2023 for a duration,
// CY2023Q3I for an instant — the last filed value), read straight from the raw JSON. The
// importer never reads `frame`, so the expectation does not go through its code.
const DATA = process.env.SHARED_DATA_DIR ?? join(import.meta.dirname, '../../../../../shared/data');
const FACTS = join(DATA, 'companyfacts');
const HAS_DATA = existsSync(FACTS);
if (!HAS_DATA) console.info(`Statement series exactness tests skipped: ${FACTS} is absent`);

type RawFact = { start?: string; end: string; val: number; form?: string; frame?: string };
type RawDoc = { cik: number; facts: Record<string, Record<string, { units?: Record<string, RawFact[]> }>> };

const SERIES = [...(Object.keys(SERIES_CHAINS) as (keyof typeof SERIES_CHAINS)[]), 'free_cash_flow'] as const;
type Series = (typeof SERIES)[number];

const toDollar = (v: number) => Math.round((v / 1e6) * 1e6) / 1e6;

/** SEC's value for one series over one annual period, or undefined where SEC frames none. */
function secValue(
  doc: RawDoc,
  series: Series,
  currency: string,
  start: string | null,
  end: string,
): number | undefined {
  if (series === 'free_cash_flow') {
    const ocf = secValue(doc, 'operating_cash_flow', currency, start, end);
    const capex = secValue(doc, 'capex', currency, start, end);
    return ocf === undefined || capex === undefined ? undefined : Math.round((ocf - capex) * 1e6) / 1e6;
  }
  const spec = SERIES_CHAINS[series];
  const taxonomy = doc.facts['us-gaap'] && currency === 'USD' ? 'us-gaap' : 'ifrs-full';
  const unit = spec.kind === 'per-share' ? `${currency}/shares` : spec.kind === 'shares' ? 'shares' : currency;
  const duration = spec.kind === 'flow' || spec.kind === 'per-share';
  for (const concept of spec[taxonomy]) {
    const facts = doc.facts[taxonomy]?.[concept]?.units?.[unit] ?? [];
    const framed = facts.find(
      (f) =>
        f.end === end &&
        (duration ? f.start === start && /^CY\d{4}$/.test(f.frame ?? '') : /^CY\d{4}Q\dI$/.test(f.frame ?? '')),
    );
    if (framed) return spec.kind === 'per-share' || spec.kind === 'shares' ? framed.val : toDollar(framed.val);
  }
  return undefined;
}

const tally = new Map<string, { compared: number; equal: number; unframed: number }>();

describe.skipIf(!HAS_DATA).each(testEngines())('statement series equal SEC on %s', (engine) => {
  let handle: DbHandle;
  const docs = new Map<number, RawDoc>();
  beforeAll(async () => {
    handle = await createTestDb(engine);
    const files = readdirSync(FACTS)
      .filter((f) => f.endsWith('.json') || f.endsWith('.json.gz'))
      .map((f) => join(FACTS, f));
    for (const file of files) {
      const doc = JSON.parse(await readText(file)) as RawDoc;
      docs.set(Number(doc.cik), doc);
    }
    await importFacts(handle.db, files, new ImportReport('filings'), { isTTY: false, write() {} });
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
    const lines = [...tally].map(
      ([k, t]) => `${k}: ${t.equal}/${t.compared} equal (${t.unframed} years SEC frames none)`,
    );
    if (lines.length) console.info(`Annual values against SEC frames on ${engine}:\n${lines.join('\n')}`);
    tally.clear();
  });

  it.each(SERIES)('every annual %s equals SEC’s value for its fiscal year', async (series) => {
    const rows = await handle.db
      .selectFrom('fundamentals')
      .innerJoin('companies', 'companies.id', 'fundamentals.company_id')
      .select(['companies.cik', 'period_start', 'period_end', 'currency', series])
      .where('period', '=', 'annual')
      .orderBy('companies.cik')
      .orderBy('period_end')
      .execute();
    const wrong: string[] = [];
    let compared = 0;
    let unframed = 0;
    for (const row of rows) {
      const doc = docs.get(Number(row.cik));
      if (!doc) continue;
      const expected = secValue(doc, series, row.currency, row.period_start, row.period_end);
      const actual = row[series] as number | null;
      if (expected === undefined) {
        if (actual !== null) unframed++;
        continue;
      }
      compared++;
      if (actual !== expected) wrong.push(`CIK ${row.cik} ${row.period_end}: ${actual} ≠ SEC ${expected}`);
    }
    tally.set(series, { compared, equal: compared - wrong.length, unframed });
    expect(wrong).toEqual([]);
    expect(compared).toBeGreaterThan(0);
  });
});
