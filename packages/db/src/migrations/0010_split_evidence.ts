import type { Kysely, Migration } from 'kysely';

// `earliest`: for a split the adjusted prices only bound, the first day it may have happened (filings re-date it).
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
