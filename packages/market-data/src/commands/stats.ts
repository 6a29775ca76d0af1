import type { Db } from '@app/db/client';
import { getMeta, META_KEYS } from '../meta.ts';
import { MARKET_TABLES, type MarketTable } from '../tables.ts';
import type { CommandContext } from './context.ts';

export interface Coverage {
  source: string;
  dataDate: string | null;
  firstDate: string | null;
  lastDate: string | null;
  listedCompanies: number;
  companiesWithFormerNames: number;
  rows: Record<MarketTable, number>;
}

/** How much data is loaded, for `npm run data -- stats` and for checks after an import. */
export async function readCoverage(db: Db): Promise<Coverage> {
  const rows = {} as Coverage['rows'];
  for (const table of MARKET_TABLES) {
    const r = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    rows[table] = Number(r.n);
  }
  const range = await db
    .selectFrom('latest_quotes')
    .select((eb) => [eb.fn.max('date').as('last')])
    .executeTakeFirst();
  const first = await db
    .selectFrom('company_years')
    .select((eb) => eb.fn.min('year').as('year'))
    .executeTakeFirst();
  const lastDate = range?.last ?? null;
  const listed = lastDate
    ? Number(
        (
          await db
            .selectFrom('latest_quotes')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('date', '=', lastDate)
            .executeTakeFirstOrThrow()
        ).n,
      )
    : 0;
  const renamed = await db
    .selectFrom('company_former_names')
    .select((eb) => eb.fn.count<number>('company_id').distinct().as('n'))
    .executeTakeFirstOrThrow();
  return {
    source: (await getMeta(db, META_KEYS.source)) ?? 'none',
    dataDate: (await getMeta(db, META_KEYS.dataDate)) ?? null,
    firstDate: first?.year ? `${first.year}` : null,
    lastDate,
    listedCompanies: listed,
    companiesWithFormerNames: Number(renamed.n),
    rows,
  };
}

export async function run({ handle }: CommandContext) {
  const c = await readCoverage(handle.db);
  console.info(`Database: ${handle.engine}`);
  console.info(`Data source: ${c.source}${c.dataDate ? ` (through ${c.dataDate})` : ''}`);
  console.info(`Years covered: ${c.firstDate ?? '-'} to ${c.lastDate ?? '-'}`);
  console.info(`Companies listed on the last trading day: ${c.listedCompanies.toLocaleString('en-US')}`);
  console.info(
    `Companies with former names: ${c.companiesWithFormerNames.toLocaleString('en-US')} (${c.rows.company_former_names.toLocaleString('en-US')} names)`,
  );
  for (const [table, n] of Object.entries(c.rows))
    console.info(`  ${table.padEnd(20)} ${n.toLocaleString('en-US')} rows`);
}
