import type { Kysely, Migration } from 'kysely';

// Eleven more series from filings beside the eight of 0002, one column each on the period's row:
// amounts in $M of the row's currency, earnings and dividends per share in the currency per
// share as filed, the share count as a whole number. `sources` names, per series, the XBRL
// concept, form and filing date each figure came from (JSON; null for the demo universe, whose
// rows are their own filing).
const COLUMNS = [
  'gross_profit',
  'operating_income',
  'research_development',
  'eps_diluted',
  'dividends_per_share',
  'shares_outstanding',
  'operating_cash_flow',
  'capex',
  'free_cash_flow',
  'long_term_debt',
  'stockholders_equity',
] as const;

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const column of COLUMNS)
      await db.schema.alterTable('fundamentals').addColumn(column, 'double precision').execute();
    await db.schema.alterTable('fundamentals').addColumn('sources', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('fundamentals').dropColumn('sources').execute();
    for (const column of [...COLUMNS].reverse())
      await db.schema.alterTable('fundamentals').dropColumn(column).execute();
  },
};
