import type { Db } from '@app/db/client';
import {
  type DatedFiling,
  datedFiling,
  type Fundamentals,
  fundamentalsOfRow,
  READING_SELECT,
} from '@app/market-data/readings';
import type { PriceFacts, ReferenceDays } from './screen.measures.ts';

/** A company that traded on the day, with its prices around it and today's listing status. */
export interface CompanyOnDay {
  id: number;
  ticker: string;
  name: string;
  slug: string;
  sector: number | null;
  industry: string | null;
  exchange: string | null;
  /** The weekday after its last close when delisted since; null while listed. */
  delistedOn: string | null;
  prices: PriceFacts;
}

/** Companies with `from <= id < to`: a part of the market read on its own thread (screen.readers.ts). */
export interface IdRange {
  from: number;
  to: number;
}

/**
 * Every company with a close on `day` (delisted ones included) and the closes the measures look
 * back to. Each look-back is one seek on the (company_id, date) key per company. The 52-week high
 * and low are left null: `findCloseRanges` reads them a month at a time.
 */
export async function findCompaniesOnDay(
  db: Db,
  day: string,
  ref: ReferenceDays,
  ids?: IdRange,
): Promise<CompanyOnDay[]> {
  const rows = await db
    // A cross join keeps SQLite's order (companies outside, one key seek each): with an inner join and no
    // statistics it scanned every daily close for the day's (3 times slower at 10,000 companies).
    .selectFrom('companies as c')
    .crossJoin('daily_prices as p')
    .whereRef('p.company_id', '=', 'c.id')
    .where('p.date', '=', day)
    .$if(ids !== undefined, (q) => q.where('c.id', '>=', ids?.from ?? 0).where('c.id', '<', ids?.to ?? 0))
    .select((eb) => {
      const lastClose = (op: '<' | '<=', before: string) =>
        eb
          .selectFrom('daily_prices as q')
          .select('q.close')
          .whereRef('q.company_id', '=', 'p.company_id')
          .where('q.date', op, before)
          .orderBy('q.date', 'desc')
          .limit(1);
      const window = (after: string) =>
        eb
          .selectFrom('daily_prices as w')
          .whereRef('w.company_id', '=', 'p.company_id')
          .where('w.date', '>', after)
          .where('w.date', '<=', day);
      const shares = (dir: 'asc' | 'desc') =>
        eb
          .selectFrom('shares_outstanding as s')
          .select('s.shares')
          .whereRef('s.company_id', '=', 'p.company_id')
          .$if(dir === 'desc', (q) => q.where('s.date', '<=', day))
          .orderBy('s.date', dir)
          .limit(1);
      return [
        'c.id',
        'c.ticker',
        'c.name',
        'c.slug',
        'c.sector',
        'c.industry',
        'c.exchange',
        'c.delisted_on',
        'p.close',
        'p.volume',
        // The earliest count is sought only for a company without one in force (COALESCE stops at the first value).
        eb.fn.coalesce(shares('desc'), shares('asc')).as('shares'),
        lastClose('<', day).as('previous'),
        lastClose('<=', ref.week).as('week'),
        lastClose('<=', ref.month).as('month'),
        lastClose('<=', ref.yearStart).as('year_start'),
        lastClose('<=', ref.year1).as('year1'),
        lastClose('<=', ref.year3).as('year3'),
        lastClose('<=', ref.year5).as('year5'),
        window(ref.after30)
          .select((w) => w.fn.avg(w('w.close', '*', w.ref('w.volume'))).as('v'))
          .as('dollar_volume30'),
      ];
    })
    .orderBy('c.ticker')
    .execute();
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return rows.map((r) => ({
    id: r.id,
    ticker: r.ticker,
    name: r.name,
    slug: r.slug,
    sector: r.sector,
    industry: r.industry,
    exchange: r.exchange,
    delistedOn: r.delisted_on,
    prices: {
      close: r.close,
      volume: Number(r.volume),
      shares: num(r.shares),
      previous: num(r.previous),
      week: num(r.week),
      month: num(r.month),
      yearStart: num(r.year_start),
      year1: num(r.year1),
      year3: num(r.year3),
      year5: num(r.year5),
      // Filled in by the caller from month ranges (screen.service.ts).
      high52: null,
      low52: null,
      dollarVolume30: num(r.dollar_volume30),
    },
  }));
}

/** The highest company id (0 when there is none): where the reader threads split the market in two. */
export async function findTopCompanyId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('companies')
    .select((eb) => eb.fn.max('id').as('top'))
    .executeTakeFirst();
  return Number(row?.top ?? 0);
}

/** Highest and lowest close per company over some days (a month, or the ends of a 52-week window). */
export interface CloseRanges {
  high: Float64Array;
  low: Float64Array;
}

/**
 * The highest and lowest close of each company with closes after `after` and up to `through`,
 * indexed by company id (NaN: no close then). One pass over each company's key range for both.
 */
export async function findCloseRanges(db: Db, after: string, through: string, ids?: IdRange): Promise<CloseRanges> {
  const rows = await db
    // Companies outside, one key range each (as in findCompaniesOnDay): no scan of every close in the range.
    .selectFrom('companies as c')
    .crossJoin('daily_prices as w')
    .whereRef('w.company_id', '=', 'c.id')
    .where('w.date', '>', after)
    .where('w.date', '<=', through)
    .$if(ids !== undefined, (q) => q.where('c.id', '>=', ids?.from ?? 0).where('c.id', '<', ids?.to ?? 0))
    .groupBy('c.id')
    .select((eb) => ['c.id', eb.fn.max('w.close').as('high'), eb.fn.min('w.close').as('low')])
    .execute();
  const size = rows.reduce((m, r) => Math.max(m, r.id + 1), 0);
  const out = { high: new Float64Array(size).fill(Number.NaN), low: new Float64Array(size).fill(Number.NaN) };
  for (const r of rows) {
    out.high[r.id] = Number(r.high);
    out.low[r.id] = Number(r.low);
  }
  return out;
}

/**
 * The highest and lowest close of each company in the calendar month `yyyy-mm` as kept in
 * `company_months` (every writer of closes keeps it): the same figures as `findCloseRanges` over the
 * month, from one index range of ~10,000 rows instead of ~210,000 closes.
 */
export async function findMonthRanges(db: Db, month: string, ids?: IdRange): Promise<CloseRanges> {
  const rows = await db
    .selectFrom('company_months')
    .select(['company_id', 'high', 'low'])
    .where('month', '=', month)
    .$if(ids !== undefined, (q) => q.where('company_id', '>=', ids?.from ?? 0).where('company_id', '<', ids?.to ?? 0))
    .execute();
  const size = rows.reduce((m, r) => Math.max(m, r.company_id + 1), 0);
  const out = { high: new Float64Array(size).fill(Number.NaN), low: new Float64Array(size).fill(Number.NaN) };
  for (const r of rows) {
    out.high[r.company_id] = r.high;
    out.low[r.company_id] = r.low;
  }
  return out;
}

/**
 * Filing periods ending from `from` through `through` (inclusive), by company, whenever filed
 * (the measures check the filing day, one rule for every caller).
 */
export async function findFilingsBetween(
  db: Db,
  from: string,
  through: string,
  ids?: IdRange,
): Promise<Map<number, DatedFiling[]>> {
  const rows = await db
    .selectFrom('fundamentals')
    .select(READING_SELECT)
    .where('period_end', '>=', from)
    .where('period_end', '<=', through)
    .$if(ids !== undefined, (q) => q.where('company_id', '>=', ids?.from ?? 0).where('company_id', '<', ids?.to ?? 0))
    .execute();
  const out = new Map<number, DatedFiling[]>();
  for (const r of rows) {
    const filing = datedFiling(r);
    const list = out.get(r.company_id);
    if (list) list.push(filing);
    else out.set(r.company_id, [filing]);
  }
  return out;
}

/**
 * What each company's filings say on `day`, as kept in `company_readings` (current only once
 * `readingsReady`): its newest reading from that day or before, one key seek for the day and one
 * for the row per company. A company with no filing public yet has none.
 */
export async function findReadingsOn(db: Db, day: string, ids?: IdRange): Promise<Map<number, Fundamentals>> {
  const rows = await db
    // Companies outside, one key seek each (as in findCompaniesOnDay).
    .selectFrom('companies as c')
    .crossJoin('company_readings as r')
    .whereRef('r.company_id', '=', 'c.id')
    .where((eb) =>
      eb(
        'r.visible_from',
        '=',
        eb
          .selectFrom('company_readings as l')
          .select((e) => e.fn.max('l.visible_from').as('d'))
          .whereRef('l.company_id', '=', 'c.id')
          .where('l.visible_from', '<=', day),
      ),
    )
    .$if(ids !== undefined, (q) => q.where('c.id', '>=', ids?.from ?? 0).where('c.id', '<', ids?.to ?? 0))
    .selectAll('r')
    .execute();
  const out = new Map<number, Fundamentals>();
  for (const r of rows) out.set(r.company_id, fundamentalsOfRow(r));
  return out;
}
