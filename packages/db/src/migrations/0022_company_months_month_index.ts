import { type Kysely, type Migration, sql } from 'kysely';
import { isPostgres } from './dialect.ts';

/**
 * The month index of `company_months` serves PostgreSQL only: it reads a span of the whole market's
 * months through it (decision 025), where SQLite reads one key range per company. On SQLite it cost
 * ~53 MB and its upkeep at every write of months; dropped there.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    if (!isPostgres(db)) await sql`drop index if exists company_months_month`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    if (!isPostgres(db)) {
      await db.schema
        .createIndex('company_months_month')
        .on('company_months')
        .columns(['month', 'company_id', 'high', 'low'])
        .execute();
    }
  },
};
