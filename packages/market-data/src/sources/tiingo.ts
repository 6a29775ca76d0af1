import type { Db } from '@app/db/client';
import { nextTradingDay, tradingDaysBetween } from '../calendar.ts';
import { insertInChunks } from '../chunks.ts';
import type { AppendResult, DailySource } from '../daily-source.ts';
import { rewriteCompanyMonths, rewriteCompanyYears } from '../derived.ts';
import { snapRatio } from '../importers/splits.ts';
import { META_KEYS, setMeta } from '../meta.ts';

interface TiingoRow {
  date: string;
  close: number;
  volume: number;
  splitFactor?: number;
}

export interface TiingoOptions {
  apiKey: string;
  baseUrl?: string;
  /** The plan's limit (the free one allows 50 an hour); requests are spaced to stay under it. */
  requestsPerHour?: number;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// One request per company for the days after its own last close, so a stopped run goes on where it stopped. A split
// Tiingo reports is applied to the company's whole history in that day's transaction and stored as a vendor split.
export function tiingoDailySource(options: TiingoOptions): DailySource {
  const base = (options.baseUrl ?? 'https://api.tiingo.com').replace(/\/+$/, '');
  const spacing = 3_600_000 / (options.requestsPerHour ?? 50);
  const sleep = options.sleep ?? wait;
  let lastRequest = Number.NEGATIVE_INFINITY;
  const fetchRows = async (ticker: string, from: string, through: string): Promise<TiingoRow[] | 'limit'> => {
    const pause = lastRequest + spacing - Date.now();
    if (pause > 0) await sleep(pause);
    lastRequest = Date.now();
    const url = `${base}/tiingo/daily/${encodeURIComponent(ticker.toLowerCase())}/prices?startDate=${from}&endDate=${through}`;
    const res = await fetch(url, { headers: { Authorization: `Token ${options.apiKey}`, Accept: 'application/json' } });
    if (res.status === 429) return 'limit';
    if (res.status === 404) return [];
    if (!res.ok) throw new Error(`Tiingo answered ${res.status} for ${ticker}`);
    return (await res.json()) as TiingoRow[];
  };
  return {
    name: 'real',
    async append(db, after, through): Promise<AppendResult> {
      const companies = await db
        .selectFrom('companies as c')
        .innerJoin('latest_quotes as q', 'q.company_id', 'c.id')
        .innerJoin('daily_prices as p', 'p.company_id', 'c.id')
        .select((eb) => ['c.id', 'c.ticker', 'q.date as quoted', eb.fn.max('p.date').as('stored')])
        .where('c.delisted_on', 'is', null)
        .groupBy(['c.id', 'c.ticker', 'q.date'])
        .orderBy('c.id')
        .execute();
      let priceRows = 0;
      let stopped = false;
      const stored = new Map(companies.map((c) => [c.id, c.stored as string]));
      for (const c of companies) {
        if (stopped || (c.stored as string) >= through) continue;
        const rows = await fetchRows(c.ticker, nextTradingDay(c.stored as string), through);
        if (rows === 'limit') {
          stopped = true;
          continue;
        }
        const fresh = rows
          .map((r) => ({ ...r, date: r.date.slice(0, 10) }))
          .filter((r) => r.date > (c.stored as string) && r.date <= through && r.close > 0)
          .sort((a, b) => (a.date < b.date ? -1 : 1));
        if (fresh.length === 0) continue;
        await writeCompanyDays(db, c.id, fresh);
        stored.set(c.id, (fresh.at(-1) as { date: string }).date);
        priceRows += fresh.length;
      }
      // The data date moves only as far as every listed company has come.
      const reached = [...stored.values()].reduce((m, d) => (d < m ? d : m), through);
      const days = reached > after ? tradingDaysBetween(nextTradingDay(after), reached) : [];
      if (days.length > 0) await setMeta(db, META_KEYS.appendedThrough, reached);
      const companyIds = companies.filter((c) => (stored.get(c.id) as string) > c.quoted).map((c) => c.id);
      return { days: days.length > 0 ? days : [], priceRows, companyIds };
    },
  };
}

async function writeCompanyDays(db: Db, companyId: number, rows: (TiingoRow & { date: string })[]): Promise<void> {
  const splits = rows
    .map((r) => ({ date: r.date, ratio: snapRatio(r.splitFactor ?? 1, 1e-3) }))
    .filter((s): s is { date: string; ratio: number } => s.ratio !== null && s.ratio !== 1);
  await db.transaction().execute(async (trx) => {
    for (const s of splits) {
      // Everything stored so far predates the split: put it on the new basis.
      await trx
        .updateTable('daily_prices')
        .set((eb) => ({ close: eb('close', '/', s.ratio), volume: eb('volume', '*', s.ratio) }))
        .where('company_id', '=', companyId)
        .where('date', '<', s.date)
        .execute();
      await trx
        .updateTable('shares_outstanding')
        .set((eb) => ({ shares: eb('shares', '*', s.ratio) }))
        .where('company_id', '=', companyId)
        .where('date', '<', s.date)
        .execute();
      await trx.deleteFrom('splits').where('company_id', '=', companyId).where('date', '=', s.date).execute();
      await trx
        .insertInto('splits')
        .values({ company_id: companyId, date: s.date, ratio: s.ratio, source: 'tiingo', evidence: 'vendor' })
        .execute();
    }
    const factorAfter = (date: string) => splits.filter((s) => s.date > date).reduce((f, s) => f * s.ratio, 1);
    const prices = rows.map((r) => {
      const f = factorAfter(r.date);
      return {
        company_id: companyId,
        date: r.date,
        close: Math.round((r.close / f) * 1e6) / 1e6,
        volume: Math.round(r.volume * f),
      };
    });
    await trx
      .deleteFrom('daily_prices')
      .where('company_id', '=', companyId)
      .where('date', '>=', (rows[0] as { date: string }).date)
      .execute();
    await insertInChunks(prices, (part) => trx.insertInto('daily_prices').values(part).execute());
    // The months and years before a split hold the old basis (the year after it would compare its closes with
    // the old year-end close); the days appended reach them in refreshDerived.
    if (splits.length > 0) {
      await rewriteCompanyMonths(trx, companyId);
      await rewriteCompanyYears(trx, companyId);
    }
  });
}
