import type { Db } from '@app/db/client';
import type { CompanyYearsTable, LatestQuotesTable } from '@app/db/schema';
import { insertInChunks, slices } from './chunks.ts';
import {
  addToMonth,
  addTradingDay,
  type CompanyMonthRow,
  computeLatestQuote,
  type PricePoint,
  replaceLatestQuotes,
  replaceMonths,
  type ShareCount,
  sharesOn,
  type YearInProgress,
  yearReturnBase,
} from './derived.ts';

// Brings the derived tables forward from stored rows plus the new closes, with `computeCompanyYears`' arithmetic in
// the same order, so it equals a full `refreshDerived()` to the bit (tested). Share counts must already be written.
export async function appendDerived(db: Db, appended: ReadonlyMap<number, readonly PricePoint[]>): Promise<void> {
  const ids = [...appended.keys()].sort((a, b) => a - b);
  // A day on which no company traded (every one delisted before it) leaves nothing to bring forward.
  const firstDay = [...appended.values()].flatMap((p) => (p[0] ? [p[0].date] : [])).sort()[0];
  if (firstDay === undefined) return;
  const firstYear = Number(firstDay.slice(0, 4));
  const firstMonth = firstDay.slice(0, 7);
  // New quotes replace the old in one transaction at the end: no reader sees a day half-written.
  const lastQuote = new Map<number, LatestQuotesTable>();
  for (const batch of slices(ids, 500)) {
    const [quotes, years, storedMonths, counts] = await Promise.all([
      db
        .selectFrom('latest_quotes')
        .select(['company_id', 'date', 'close', 'volume'])
        .where('company_id', 'in', batch)
        .execute(),
      db
        .selectFrom('company_years')
        .selectAll()
        .where('company_id', 'in', batch)
        .where('year', '>=', firstYear - 1)
        .execute(),
      db
        .selectFrom('company_months as m')
        // Written together with the ranges (replaceMonths): the join only guards against a month without its closes.
        .leftJoin('month_closes as c', (join) =>
          join.onRef('c.month', '=', 'm.month').onRef('c.company_id', '=', 'm.company_id'),
        )
        .select((eb) => [
          'm.company_id',
          'm.month',
          'm.high',
          'm.low',
          eb.fn.coalesce('c.days', eb.val(0)).as('days'),
          eb.fn.coalesce('c.closes', eb.val('')).as('closes'),
          eb.fn.coalesce('c.volumes', eb.val('')).as('volumes'),
        ])
        .where('m.company_id', 'in', batch)
        .where('m.month', '>=', firstMonth)
        .execute(),
      // A catch-up of several days can cross a buyback or an issue.
      db
        .selectFrom('shares_outstanding as s')
        .select(['s.company_id', 's.date', 's.shares'])
        .where('s.company_id', 'in', batch)
        .where((eb) =>
          eb.or([
            eb('s.date', '>', firstDay),
            eb(
              's.date',
              '=',
              eb
                .selectFrom('shares_outstanding as t')
                .select((e) => e.fn.max('t.date').as('d'))
                .whereRef('t.company_id', '=', 's.company_id')
                .where('t.date', '<=', firstDay),
            ),
          ]),
        )
        .orderBy('s.company_id')
        .orderBy('s.date')
        .execute(),
    ]);
    const quoteBy = new Map(quotes.map((q) => [q.company_id, q]));
    const countsBy = new Map<number, ShareCount[]>();
    for (const c of counts) {
      const list = countsBy.get(c.company_id);
      if (list) list.push(c);
      else countsBy.set(c.company_id, [c]);
    }
    const yearsBy = new Map<number, Map<number, CompanyYearsTable>>();
    for (const y of years) {
      let m = yearsBy.get(y.company_id);
      if (!m) {
        m = new Map();
        yearsBy.set(y.company_id, m);
      }
      m.set(y.year, { ...y });
    }

    const monthsBy = new Map<number, Map<string, CompanyMonthRow>>();
    for (const m of storedMonths) {
      let byMonth = monthsBy.get(m.company_id);
      if (!byMonth) {
        byMonth = new Map();
        monthsBy.set(m.company_id, byMonth);
      }
      byMonth.set(m.month, m);
    }

    const keptYears: CompanyYearsTable[] = [];
    const keptMonths: CompanyMonthRow[] = [];
    for (const id of batch) {
      const months = monthsBy.get(id) ?? new Map<string, CompanyMonthRow>();
      const counts = countsBy.get(id) ?? [];
      const rows = yearsBy.get(id) ?? new Map<number, CompanyYearsTable>();
      const open = new Map<number, YearInProgress>();
      const stored = quoteBy.get(id);
      let prev: PricePoint | null = stored ? { date: stored.date, close: stored.close, volume: stored.volume } : null;
      for (const p of appended.get(id) ?? []) {
        const year = Number(p.date.slice(0, 4));
        let current = open.get(year);
        const row = rows.get(year);
        if (!current && row) {
          // A year already under way: continue its stored row from the same return base.
          const { company_id: _id, ...figures } = row;
          current = { row: figures, base: await storedYearBase(db, id, year, rows) };
        }
        const base = current?.base ?? yearReturnBase(rows.get(year - 1), year, p.close);
        current = addTradingDay(current, p, sharesOn(counts, p.date), base);
        open.set(year, current);
        rows.set(year, { company_id: id, ...current.row });
        const month = p.date.slice(0, 7);
        months.set(month, { company_id: id, ...addToMonth(months.get(month), p) });
        const quote = computeLatestQuote(prev ? [prev, p] : [p], counts);
        if (quote) lastQuote.set(id, { company_id: id, ...quote });
        prev = p;
      }
      for (const row of rows.values()) if (row.year >= firstYear) keptYears.push(row);
      keptMonths.push(...months.values());
    }

    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('company_years').where('company_id', 'in', batch).where('year', '>=', firstYear).execute();
      await insertInChunks(keptYears, (part) => trx.insertInto('company_years').values(part).execute());
      await replaceMonths(trx, batch, keptMonths, firstMonth);
    });
  }
  await replaceLatestQuotes(db, [...lastQuote.values()]);
}

async function storedYearBase(db: Db, id: number, year: number, rows: Map<number, CompanyYearsTable>): Promise<number> {
  const prior = rows.get(year - 1);
  if (prior) return yearReturnBase(prior, year, 0);
  const first = await db
    .selectFrom('daily_prices')
    .select('close')
    .where('company_id', '=', id)
    .where('date', '>=', `${year}-01-01`)
    .orderBy('date')
    .limit(1)
    .executeTakeFirst();
  return yearReturnBase(null, year, first?.close ?? 0);
}
