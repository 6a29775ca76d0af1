import { type Kysely, type Migration, sql } from 'kysely';
import { isPostgres } from './dialect.ts';

/**
 * Each company's closes per calendar month, month by month (`days`: bit d − 1 for each trading day d;
 * `closes`: one close per day, ascending, comma-separated; decision 025), kept by every writer of
 * closes as `company_months` is. A past day's
 * screen reads the closes at the year's start and one, three and five years back from the whole
 * market's rows of a few months, one key range each (on SQLite the rows of a month are stored
 * together), where it sought them one company at a time. Filled from the closes already stored.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const pg = isPostgres(db);
    await db.schema
      .createTable('month_closes')
      // yyyy-mm
      .addColumn('month', 'varchar(7)', (c) => c.notNull())
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('days', 'integer', (c) => c.notNull())
      .addColumn('closes', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('month_closes_pk', ['month', 'company_id'])
      .modifyEnd(pg ? sql`` : sql`without rowid`)
      .execute();
    // Each engine writes a real as text that reads back as the same number (PostgreSQL the shortest).
    await (pg
      ? sql`insert into month_closes (month, company_id, days, closes)
          select substr(date, 1, 7), company_id, sum(1 << (substr(date, 9, 2)::int - 1))::int,
            string_agg(close::text, ',' order by date)
          from daily_prices group by company_id, substr(date, 1, 7) order by 1, 2`
      : sql`insert into month_closes (month, company_id, days, closes)
          select substr(date, 1, 7), company_id, sum(1 << (cast(substr(date, 9, 2) as integer) - 1)),
            group_concat(close, ',' order by date)
          from daily_prices group by company_id, substr(date, 1, 7) order by 1, 2`
    ).execute(db);
    // Deletes of a company's rows (a writer replacing its closes) find them by company.
    await db.schema.createIndex('month_closes_company').on('month_closes').columns(['company_id', 'month']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('month_closes').execute();
  },
};
