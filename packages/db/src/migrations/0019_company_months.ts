import { type Kysely, type Migration, sql } from 'kysely';
import { isPostgres } from './dialect.ts';

/**
 * Each company's highest and lowest close per calendar month, kept by every writer of daily closes
 * as `company_years` is (refreshDerived, appendDerived, the demo build). The screen's 52-week range of
 * a past day reads its whole months here: one row per company and month where the closes gave ~21
 * (decision 025). Filled from the closes already stored.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const pg = isPostgres(db);
    await db.schema
      .createTable('company_months')
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      // yyyy-mm
      .addColumn('month', 'varchar(7)', (c) => c.notNull())
      .addColumn('high', 'double precision', (c) => c.notNull())
      .addColumn('low', 'double precision', (c) => c.notNull())
      .addPrimaryKeyConstraint('company_months_pk', ['company_id', 'month'])
      .modifyEnd(pg ? sql`` : sql`without rowid`)
      .execute();
    await sql`insert into company_months (company_id, month, high, low)
      select company_id, substr(date, 1, 7), max(close), min(close) from daily_prices
      group by company_id, substr(date, 1, 7)`.execute(db);
    // A month of the whole market is one range of this index (with the figures, so the table is not visited).
    await db.schema
      .createIndex('company_months_month')
      .on('company_months')
      .columns(['month', 'company_id', 'high', 'low'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('company_months').execute();
  },
};
