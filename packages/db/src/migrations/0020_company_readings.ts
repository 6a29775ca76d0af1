import { type Kysely, type Migration, sql } from 'kysely';
import { isPostgres } from './dialect.ts';

/**
 * What each company's filings say from each day one of them becomes public (decision 025): the
 * screen reads a past day's fundamentals as one row per company. Computed by the market-data
 * package (`refreshReadings`), which marks them current in `app_meta`; until then the screen reads
 * the filings themselves, so a database migrated here serves the same figures before and after.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const pg = isPostgres(db);
    await db.schema
      .createTable('company_readings')
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('visible_from', 'varchar(10)', (c) => c.notNull())
      .addColumn('dollars', 'integer', (c) => c.notNull())
      .addColumn('now_end', 'varchar(10)')
      .addColumn('now_revenue', 'double precision')
      .addColumn('now_net_income', 'double precision')
      .addColumn('before_end', 'varchar(10)')
      .addColumn('before_revenue', 'double precision')
      .addColumn('before_net_income', 'double precision')
      .addColumn('balance_end', 'varchar(10)')
      .addColumn('cash', 'double precision')
      .addColumn('current_assets', 'double precision')
      .addColumn('total_assets', 'double precision')
      .addColumn('current_liabilities', 'double precision')
      .addColumn('total_liabilities', 'double precision')
      .addColumn('stockholders_equity', 'double precision')
      .addPrimaryKeyConstraint('company_readings_pk', ['company_id', 'visible_from'])
      .modifyEnd(pg ? sql`` : sql`without rowid`)
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('company_readings').execute();
    await sql`delete from app_meta where key = 'readings_version'`.execute(db);
  },
};
