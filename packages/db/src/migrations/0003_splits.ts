import { type Kysely, type Migration, sql } from 'kysely';
import { isPostgres } from './dialect.ts';

// Kept so re-importing filings can scale pre-split share counts without re-reading the price files.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const clustered = isPostgres(db) ? sql`` : sql`without rowid`;
    await db.schema
      .createTable('splits')
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('date', 'varchar(10)', (c) => c.notNull())
      .addColumn('ratio', 'double precision', (c) => c.notNull())
      .addColumn('source', 'varchar(40)', (c) => c.notNull())
      .addPrimaryKeyConstraint('splits_pk', ['company_id', 'date'])
      .modifyEnd(clustered)
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('splits').execute();
  },
};
