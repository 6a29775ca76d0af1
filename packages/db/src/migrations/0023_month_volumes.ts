import { type Kysely, type Migration, sql } from 'kysely';
import { isPostgres } from './dialect.ts';

/**
 * Each month row of `month_closes` gains the volumes of its days (`volumes`: one per day, in the
 * order of `closes`, comma-separated), written by every writer of the row. PostgreSQL then reads a
 * past day's close, volume and 30-day dollar volume from the rows of the day's month and the month
 * before, which the day reads for its recent look-backs and the next days share (decision 025),
 * where it read ~21 closes per company through the (company_id, date) key: ~11 µs a company.
 * Filled from the closes already stored.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('month_closes')
      .addColumn('volumes', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await (isPostgres(db)
      ? sql`update month_closes m set volumes = v.volumes
          from (select company_id, substr(date, 1, 7) as month, string_agg(volume::text, ',' order by date) as volumes
            from daily_prices group by company_id, substr(date, 1, 7)) v
          where v.company_id = m.company_id and v.month = m.month`
      : sql`update month_closes set volumes = coalesce((select group_concat(d.volume, ',' order by d.date)
          from daily_prices d where d.company_id = month_closes.company_id
            and d.date between month_closes.month || '-01' and month_closes.month || '-31'), '')`
    ).execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('month_closes').dropColumn('volumes').execute();
  },
};
