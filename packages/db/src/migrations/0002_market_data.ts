import { type Kysely, type Migration, sql } from 'kysely';
import { isPostgres } from './dialect.ts';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const pg = isPostgres(db);
    // SQLite: (company, date) tables WITHOUT ROWID, so a company's series is one contiguous range read.
    const clustered = pg ? sql`` : sql`without rowid`;

    await db.schema
      .createTable('companies')
      .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('cik', 'integer')
      .addColumn('ticker', 'varchar(24)', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('slug', 'varchar(255)', (c) => c.notNull().unique())
      .addColumn('sector', 'integer')
      .addColumn('industry', 'text')
      .addColumn('sic', 'varchar(4)')
      .addColumn('country', 'text')
      .addColumn('ipo_year', 'integer')
      .addColumn('exchange', 'varchar(20)')
      .addColumn('listed_on', 'varchar(10)')
      .addColumn('delisted_on', 'varchar(10)')
      .execute();
    await db.schema.createIndex('companies_cik').on('companies').column('cik').execute();

    await db.schema
      .createTable('daily_prices')
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('date', 'varchar(10)', (c) => c.notNull())
      .addColumn('close', 'double precision', (c) => c.notNull())
      .addColumn('volume', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('daily_prices_pk', ['company_id', 'date'])
      .modifyEnd(clustered)
      .execute();

    await db.schema
      .createTable('shares_outstanding')
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('date', 'varchar(10)', (c) => c.notNull())
      .addColumn('shares', 'double precision', (c) => c.notNull())
      .addColumn('source', 'varchar(20)', (c) => c.notNull())
      .addPrimaryKeyConstraint('shares_outstanding_pk', ['company_id', 'date'])
      .modifyEnd(clustered)
      .execute();

    await db.schema
      .createTable('fundamentals')
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('period', 'varchar(8)', (c) => c.notNull())
      .addColumn('period_start', 'varchar(10)')
      .addColumn('period_end', 'varchar(10)', (c) => c.notNull())
      .addColumn('fiscal_year', 'integer', (c) => c.notNull())
      .addColumn('fiscal_period', 'varchar(2)', (c) => c.notNull())
      .addColumn('form', 'varchar(10)', (c) => c.notNull())
      .addColumn('filed', 'varchar(10)')
      .addColumn('derived', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('currency', 'varchar(3)', (c) => c.notNull().defaultTo('USD'))
      .addColumn('revenue', 'double precision')
      .addColumn('net_income', 'double precision')
      .addColumn('cash', 'double precision')
      .addColumn('current_assets', 'double precision')
      .addColumn('total_assets', 'double precision')
      .addColumn('current_liabilities', 'double precision')
      .addColumn('long_term_liabilities', 'double precision')
      .addColumn('total_liabilities', 'double precision')
      .addPrimaryKeyConstraint('fundamentals_pk', ['company_id', 'period', 'period_end'])
      .modifyEnd(clustered)
      .execute();

    await db.schema
      .createTable('company_years')
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('year', 'integer', (c) => c.notNull())
      .addColumn('last_date', 'varchar(10)', (c) => c.notNull())
      .addColumn('close', 'double precision', (c) => c.notNull())
      .addColumn('shares', 'double precision')
      .addColumn('mkcap', 'double precision')
      .addColumn('ann_return', 'double precision')
      .addColumn('dollar_volume', 'double precision', (c) => c.notNull())
      .addColumn('trading_days', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('company_years_pk', ['company_id', 'year'])
      .execute();
    await db.schema.createIndex('company_years_year_mkcap').on('company_years').columns(['year', 'mkcap']).execute();

    await db.schema
      .createTable('latest_quotes')
      .addColumn('company_id', 'integer', (c) => c.primaryKey().references('companies.id').onDelete('cascade'))
      .addColumn('date', 'varchar(10)', (c) => c.notNull())
      .addColumn('close', 'double precision', (c) => c.notNull())
      .addColumn('prev_close', 'double precision')
      .addColumn('net_change', 'double precision')
      .addColumn('pct_change', 'double precision')
      .addColumn('volume', 'bigint', (c) => c.notNull())
      .addColumn('shares', 'double precision')
      .addColumn('mkcap', 'double precision')
      .execute();
    await db.schema.createIndex('latest_quotes_date_mkcap').on('latest_quotes').columns(['date', 'mkcap']).execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      'latest_quotes',
      'company_years',
      'fundamentals',
      'shares_outstanding',
      'daily_prices',
      'companies',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
