import type { DbHandle } from '@app/db/client';
import { slugify } from '@app/shared/slug';
import { computeCompanyMonths, computeCompanyYears, computeLatestQuote } from '../derived.ts';
import { META_KEYS, setMeta } from '../meta.ts';
import type { Progress } from '../progress.ts';
import { companyReadings, markReadingsCurrent } from '../readings.ts';
import { type CompanyRow, createBulkWriter } from './bulk-writer.ts';
import { type CompanyHistory, demoCalendar, demoProfiles, generateCompanyHistory } from './generate.ts';
import type { DemoProfile } from './profiles.ts';

/** SPEC §2 slugs for every company of the universe, numeric suffixes on ties, in index order. */
export function demoSlugs(profiles: readonly DemoProfile[]): string[] {
  const used = new Set<string>();
  return profiles.map((p) => {
    const base = slugify(p.name);
    let slug = base;
    for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
    used.add(slug);
    return slug;
  });
}

/** The companies row of a demo company; its id is its index + 1 on every engine and run. */
export function demoCompanyRow(p: DemoProfile, slug: string, delistedOn: string | null): CompanyRow {
  return {
    id: p.index + 1,
    cik: p.cik,
    ticker: p.ticker,
    name: p.name,
    slug,
    sector: p.sector,
    industry: p.industry,
    sic: null,
    country: p.country,
    ipo_year: p.ipoYear,
    exchange: p.exchange,
    listed_on: p.listedOn,
    delisted_on: delistedOn,
  };
}

export interface DemoBuildOptions {
  seed: number;
  companies: number;
  /** Last trading day to generate (usually the last one before today). */
  through: string;
  progress?: Progress;
}

export interface DemoBuildSummary {
  companies: number;
  priceRows: number;
  fundamentalRows: number;
  seconds: number;
}

/**
 * Derived rows come from the same pure functions `refreshDerived` uses. Meta rows go last, so an
 * interrupted build is recognisable (companies without a data source) and started over.
 */
export async function buildDemoUniverse(handle: DbHandle, options: DemoBuildOptions): Promise<DemoBuildSummary> {
  const started = performance.now();
  const cal = demoCalendar(options.seed, options.through);
  const profiles = demoProfiles(options.seed, options.companies);
  const slugs = demoSlugs(profiles);
  await setMeta(handle.db, META_KEYS.demoSeed, String(options.seed));
  await setMeta(handle.db, META_KEYS.demoCompanies, String(options.companies));
  const writer = createBulkWriter(handle);
  // Losing power mid-build loses nothing (it restarts); with a journal the WAL would hold every page twice.
  // journal_mode changes only while this is the sole connection, which a start-up build guarantees.
  handle.sqlite?.pragma('synchronous = OFF');
  handle.sqlite?.pragma('journal_mode = OFF');
  let companies = 0;
  let priceRows = 0;
  let fundamentalRows = 0;
  options.progress?.start(profiles.length);
  try {
    for (const p of profiles) {
      const h: CompanyHistory | null = generateCompanyHistory(cal, p);
      if (h) {
        await writer.add({
          company: demoCompanyRow(p, slugs[p.index] as string, h.delistedOn),
          prices: h.prices,
          shares: h.shares,
          sharesSource: 'demo',
          fundamentals: h.fundamentals,
          years: computeCompanyYears(h.prices, h.shares),
          months: computeCompanyMonths(h.prices),
          readings: companyReadings(h.fundamentals),
          quote: computeLatestQuote(h.prices, h.shares),
        });
        companies++;
        priceRows += h.prices.length;
        fundamentalRows += h.fundamentals.length;
      }
      options.progress?.tick();
    }
    await writer.finish();
  } finally {
    handle.sqlite?.pragma('journal_mode = WAL');
    handle.sqlite?.pragma('synchronous = NORMAL');
  }
  await markReadingsCurrent(handle.db);
  await setMeta(handle.db, META_KEYS.dataDate, options.through);
  await setMeta(handle.db, META_KEYS.source, 'demo');
  options.progress?.done();
  return { companies, priceRows, fundamentalRows, seconds: (performance.now() - started) / 1000 };
}
