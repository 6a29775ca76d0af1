import { type Kysely, type Migration, sql } from 'kysely';
import { isPostgres } from './dialect.ts';

// A renamed company (COG, now CTRA) is found by both symbols; a reused ticker (LB) names each company for its days.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const clustered = isPostgres(db) ? sql`` : sql`without rowid`;
    await db.schema
      .createTable('company_tickers')
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('ticker', 'varchar(24)', (c) => c.notNull())
      .addColumn('first_date', 'varchar(10)', (c) => c.notNull())
      .addColumn('last_date', 'varchar(10)', (c) => c.notNull())
      .addPrimaryKeyConstraint('company_tickers_pk', ['company_id', 'ticker'])
      .modifyEnd(clustered)
      .execute();
    await db.schema.createIndex('company_tickers_ticker').on('company_tickers').columns(['ticker']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('company_tickers').execute();
  },
};
