import type { Kysely, Migration } from 'kysely';

// Where each split came from (a vendor, a corporate-actions file, the prices alone, the two
// vendors compared, the SEC share counts), and for a split the prices only bound (it happened
// in a stretch covered by adjusted rows), the first day it may have happened: filings re-date it.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('splits')
      .addColumn('evidence', 'varchar(20)', (c) => c.notNull().defaultTo('vendor'))
      .execute();
    await db.schema.alterTable('splits').addColumn('earliest', 'varchar(10)').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('splits').dropColumn('earliest').execute();
    await db.schema.alterTable('splits').dropColumn('evidence').execute();
  },
};
