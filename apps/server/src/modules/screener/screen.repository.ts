import { type Db, isPostgresDb } from '@app/db/client';
import type { ShareCount } from '@app/market-data/derived';
import {
  type DatedFiling,
  datedFiling,
  type Fundamentals,
  fundamentalsOfRow,
  READING_SELECT,
} from '@app/market-data/readings';
import { sql } from 'kysely';
import type { PriceFacts } from './screen.measures.ts';

/** A company's listing as the screen shows it, with today's status. */
export interface CompanyListing {
  id: number;
  ticker: string;
  name: string;
  slug: string;
  sector: number | null;
  industry: string | null;
  exchange: string | null;
  /** The weekday after its last close when delisted since; null while listed. */
  delistedOn: string | null;
}

/** A company that traded on the day, with its prices around it. */
export interface CompanyOnDay {
  id: number;
  prices: PriceFacts;
  /** The highest and lowest close of the day's month through the day. */
  monthHigh: number | null;
  monthLow: number | null;
}

/** Companies with `from <= id < to`: a part of the market read on its own thread (screen.readers.ts). */
export interface IdRange {
  from: number;
  to: number;
}

/** The last close of the outer query's company (`p`, or `company`) before or on a day: one seek on the (company_id, date) key. */
const lastClose = (op: '<' | '<=', before: string, company = 'p.company_id') =>
  sql<
    number | null
  >`(select q.close from daily_prices q where q.company_id = ${sql.ref(company)} and q.date ${sql.raw(op)} ${before} order by q.date desc limit 1)`;

/**
 * The companies with a close on `day` as their month's row in `month_closes` says (the day's bit in
 * its days): one key range of the month, no look-up for a company that did not trade then.
 */
function tradedOn(db: Db, day: string, ids: IdRange | undefined) {
  return db
    .selectFrom('month_closes as mc')
    .where('mc.month', '=', day.slice(0, 7))
    .where(sql<number>`mc.days & ${1 << (Number(day.slice(8, 10)) - 1)}`, '<>', 0)
    .$if(ids !== undefined, (q) =>
      q.where('mc.company_id', '>=', ids?.from ?? 0).where('mc.company_id', '<', ids?.to ?? 0),
    );
}

/**
 * Every company's listing (of those in `ids` when given), in ticker order. The same for every day of
 * a data date, so a day's closes come without it (10,000 names and slugs a day to parse on PostgreSQL).
 */
export async function findCompanyListings(db: Db, ids?: IdRange): Promise<CompanyListing[]> {
  const rows = await db
    .selectFrom('companies as c')
    .select(['c.id', 'c.ticker', 'c.name', 'c.slug', 'c.sector', 'c.industry', 'c.exchange', 'c.delisted_on'])
    .$if(ids !== undefined, (q) => q.where('c.id', '>=', ids?.from ?? 0).where('c.id', '<', ids?.to ?? 0))
    .orderBy('c.ticker')
    .execute();
  return rows.map(({ delisted_on, ...r }) => ({ ...r, delistedOn: delisted_on }));
}

/** Every company's share counts (of those in `ids` when given), ascending by date. */
export async function findShareCounts(db: Db, ids?: IdRange): Promise<Map<number, ShareCount[]>> {
  const rows = await db
    .selectFrom('shares_outstanding')
    .select(['company_id', 'date', 'shares'])
    .$if(ids !== undefined, (q) => q.where('company_id', '>=', ids?.from ?? 0).where('company_id', '<', ids?.to ?? 0))
    .orderBy('company_id')
    .orderBy('date')
    .execute();
  const out = new Map<number, ShareCount[]>();
  for (const { company_id, date, shares } of rows) {
    const count = { date, shares: Number(shares) };
    const list = out.get(company_id);
    if (list) list.push(count);
    else out.set(company_id, [count]);
  }
  return out;
}

/** The highest company id (0 when there is none): where the reader threads split the market in two. */
export async function findTopCompanyId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('companies')
    .select((eb) => eb.fn.max('id').as('top'))
    .executeTakeFirst();
  return Number(row?.top ?? 0);
}

/**
 * The company id that splits the market's history in two even parts: the middle one of the companies'
 * months with closes (`month_closes`, a row a company a month), so each part holds about as many
 * companies on a past day whichever ids trade then (null: no month yet). Splitting the ids' range in
 * the middle gave one part all the work where the later ids are of companies that traded only lately.
 * An index-only count and walk (~6 ms for 780,000 rows on SQLite), once per data date.
 */
export async function findMiddleCompanyId(db: Db): Promise<number | null> {
  const counted = await db
    .selectFrom('month_closes')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  const rows = Number(counted?.n ?? 0);
  if (rows === 0) return null;
  const middle = await db
    .selectFrom('month_closes')
    .select('company_id')
    .orderBy('company_id')
    .limit(1)
    .offset(Math.floor(rows / 2))
    .executeTakeFirst();
  return middle ? Number(middle.company_id) : null;
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
    // A cross join keeps SQLite's order, companies outside and one key range each: with an inner join and no
    // statistics it scanned every close in the range (3 times slower at 10,000 companies).
    .selectFrom('companies as c')
    .crossJoin('daily_prices as w')
    .whereRef('w.company_id', '=', 'c.id')
    .where('w.date', '>', after)
    .where('w.date', '<=', through)
    .$if(ids !== undefined, (q) => q.where('c.id', '>=', ids?.from ?? 0).where('c.id', '<', ids?.to ?? 0))
    .groupBy('c.id')
    .select((eb) => ['c.id', eb.fn.max('w.close').as('high'), eb.fn.min('w.close').as('low')])
    .execute();
  return rangesById(rows);
}

/** Ranges by company id, NaN for a company without a row. */
export function rangesById(rows: readonly { id: number; high: unknown; low: unknown }[]): CloseRanges {
  const size = rows.reduce((m, r) => Math.max(m, r.id + 1), 0);
  const out = { high: new Float64Array(size).fill(Number.NaN), low: new Float64Array(size).fill(Number.NaN) };
  for (const r of rows) {
    out.high[r.id] = Number(r.high);
    out.low[r.id] = Number(r.low);
  }
  return out;
}

/**
 * The highest and lowest close of each company over the calendar months `months` (`yyyy-mm`) as
 * kept in `company_months` (every writer of closes keeps it): the same figures as `findCloseRanges`
 * over those months, from a row per month per company instead of ~21 closes per month.
 */
export async function findMonthsRanges(db: Db, months: readonly string[], ids?: IdRange): Promise<CloseRanges> {
  if (months.length === 0) return rangesById([]);
  const rows = isPostgresDb(db)
    ? // PostgreSQL reads the months' rows through the month index and groups them by hash (~15 ms for
      // 11 months of the market, a third of the time a key range per company took there).
      await db
        .selectFrom('company_months')
        .where('month', 'in', months)
        .$if(ids !== undefined, (q) =>
          q.where('company_id', '>=', ids?.from ?? 0).where('company_id', '<', ids?.to ?? 0),
        )
        .groupBy('company_id')
        .select((eb) => ['company_id as id', eb.fn.max('high').as('high'), eb.fn.min('low').as('low')])
        .execute()
    : await db
        // Companies outside, one key range each (as in findCloseRanges).
        .selectFrom('companies as c')
        .crossJoin('company_months as m')
        .whereRef('m.company_id', '=', 'c.id')
        .where('m.month', 'in', months)
        .$if(ids !== undefined, (q) => q.where('c.id', '>=', ids?.from ?? 0).where('c.id', '<', ids?.to ?? 0))
        .groupBy('c.id')
        .select((eb) => ['c.id', eb.fn.max('m.high').as('high'), eb.fn.min('m.low').as('low')])
        .execute();
  return rangesById(rows);
}

/**
 * Each company's closes in the months `months` (`yyyy-mm`) as kept in `month_closes`, a month's rows
 * as one text (`packMonth`: the engine joins them, where a row each cost node-postgres ~1 µs a
 * company to hand over): one key range per month for the whole market (or part of it). With their
 * volumes for the months of `withVolumes` (left empty for the others: PostgreSQL reads a day's own
 * figures from those of its 30 days, `companiesOnDay`). A month without rows is not in the answer.
 */
export async function findMonthCloses(
  db: Db,
  months: readonly string[],
  ids?: IdRange,
  withVolumes: readonly string[] = [],
): Promise<{ month: string; text: string }[]> {
  if (months.length === 0) return [];
  const volumes =
    withVolumes.length === 0
      ? sql<string>`''`
      : sql<string>`case when month in (${sql.join(withVolumes)}) then volumes else '' end`;
  const line = sql<string>`company_id || ' ' || days || ' ' || closes || ' ' || ${volumes}`;
  return db
    .selectFrom('month_closes')
    .select([
      'month',
      (isPostgresDb(db) ? sql<string>`string_agg(${line}, chr(10))` : sql<string>`group_concat(${line}, char(10))`).as(
        'text',
      ),
    ])
    .where('month', 'in', months)
    .$if(ids !== undefined, (q) => q.where('company_id', '>=', ids?.from ?? 0).where('company_id', '<', ids?.to ?? 0))
    .groupBy('month')
    .execute();
}

/**
 * Each company's first calendar year with a close, as `company_years` keeps it (every writer of
 * closes keeps it, from the closes): a company listed after a day has no close on or before it.
 */
export async function findFirstYears(db: Db, ids?: IdRange): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('company_years')
    .$if(ids !== undefined, (q) => q.where('company_id', '>=', ids?.from ?? 0).where('company_id', '<', ids?.to ?? 0))
    .groupBy('company_id')
    .select((eb) => ['company_id', eb.fn.min('year').as('first')])
    .execute();
  return new Map(rows.map((r) => [r.company_id, Number(r.first)]));
}

/** Companies sought at once by `findLastClosesThrough` (well under every engine's limit of parameters). */
const SOUGHT_AT_ONCE = 5_000;

/** Each company's last close on or before each of `days` (null: none), in that order: one seek per company and day. */
export async function findLastClosesThrough(
  db: Db,
  days: readonly string[],
  companyIds: readonly number[],
): Promise<Map<number, (number | null)[]>> {
  const out = new Map<number, (number | null)[]>();
  if (days.length === 0) return out;
  for (let start = 0; start < companyIds.length; start += SOUGHT_AT_ONCE) {
    const rows: Record<string, unknown>[] = await db
      .selectFrom('companies as c')
      .select(['c.id', ...days.map((day, i) => lastClose('<=', day, 'c.id').as(`close${i}`))])
      .where('c.id', 'in', companyIds.slice(start, start + SOUGHT_AT_ONCE))
      .execute();
    for (const r of rows) {
      out.set(
        Number(r.id),
        days.map((_, i) => (r[`close${i}`] === null ? null : Number(r[`close${i}`]))),
      );
    }
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
 * `readingsReady`): its newest reading from that day or before. A company with no filing public
 * yet has none. SQLite seeks the day's key, then the row; PostgreSQL reads the row in one backward
 * index scan per company (the same answer for a third less time there).
 */
export async function findReadingsOn(db: Db, day: string, ids?: IdRange): Promise<Map<number, Fundamentals>> {
  const traded = tradedOn(db, day, ids);
  const rows = isPostgresDb(db)
    ? await traded
        .innerJoinLateral(
          (eb) =>
            eb
              .selectFrom('company_readings as l')
              .selectAll('l')
              .whereRef('l.company_id', '=', 'mc.company_id')
              .where('l.visible_from', '<=', day)
              .orderBy('l.visible_from', 'desc')
              .limit(1)
              .as('r'),
          (join) => join.onTrue(),
        )
        .selectAll('r')
        .execute()
    : await traded
        // The month's companies outside, one key seek each (as in findCloseRanges).
        .crossJoin('company_readings as r')
        .whereRef('r.company_id', '=', 'mc.company_id')
        .where((eb) =>
          eb(
            'r.visible_from',
            '=',
            eb
              .selectFrom('company_readings as l')
              .select((e) => e.fn.max('l.visible_from').as('d'))
              .whereRef('l.company_id', '=', 'mc.company_id')
              .where('l.visible_from', '<=', day),
          ),
        )
        .selectAll('r')
        .execute();
  const out = new Map<number, Fundamentals>();
  for (const r of rows) out.set(r.company_id, fundamentalsOfRow(r));
  return out;
}

/** A company's readings in order of the day each became current (`visible_from`, ascending). */
export interface ReadingTimeline {
  from: string[];
  readings: Fundamentals[];
}

/**
 * Every company's readings current on some day of `year`: its newest from before the year, then
 * those of the year, by company (of those in `ids` when given). What `findReadingsOn` answers for any
 * day of the year is the last of a company's readings from that day or before.
 */
export async function findReadingsOfYear(db: Db, year: number, ids?: IdRange): Promise<Map<number, ReadingTimeline>> {
  const start = `${year}-01-01`;
  const end = `${year}-12-31`;
  // From each company's reading current when the year starts (none: from the year's first day).
  const companies = db
    .selectFrom('companies as c')
    .$if(ids !== undefined, (q) => q.where('c.id', '>=', ids?.from ?? 0).where('c.id', '<', ids?.to ?? 0));
  const rows = isPostgresDb(db)
    ? // Once per company: as a join condition PostgreSQL worked it out again for every reading before the year's end.
      await companies
        .innerJoinLateral(
          (eb) =>
            eb
              .selectFrom('company_readings as l')
              .select(sql<string>`coalesce(max(l.visible_from), ${start})`.as('since'))
              .whereRef('l.company_id', '=', 'c.id')
              .where('l.visible_from', '<', start)
              .as('s'),
          (join) => join.onTrue(),
        )
        .innerJoin('company_readings as r', (join) =>
          join
            .onRef('r.company_id', '=', 'c.id')
            .onRef('r.visible_from', '>=', 's.since')
            .on('r.visible_from', '<=', end),
        )
        .selectAll('r')
        .orderBy('r.company_id')
        .orderBy('r.visible_from')
        .execute()
    : await companies
        // Companies outside, one key range each (as in findCloseRanges).
        .crossJoin('company_readings as r')
        .whereRef('r.company_id', '=', 'c.id')
        .where('r.visible_from', '<=', end)
        .where(
          'r.visible_from',
          '>=',
          sql<string>`coalesce((select max(l.visible_from) from company_readings l where l.company_id = c.id and l.visible_from < ${start}), ${start})`,
        )
        .selectAll('r')
        .orderBy('r.company_id')
        .orderBy('r.visible_from')
        .execute();
  const out = new Map<number, ReadingTimeline>();
  for (const r of rows) {
    let timeline = out.get(r.company_id);
    if (!timeline) {
      timeline = { from: [], readings: [] };
      out.set(r.company_id, timeline);
    }
    timeline.from.push(r.visible_from);
    timeline.readings.push(fundamentalsOfRow(r));
  }
  return out;
}
