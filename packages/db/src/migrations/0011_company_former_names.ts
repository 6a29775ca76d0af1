import { type Kysely, type Migration, sql } from 'kysely';
import { isPostgres } from './dialect.ts';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const clustered = isPostgres(db) ? sql`` : sql`without rowid`;
    await db.schema
      .createTable('company_former_names')
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('since', 'varchar(10)')
      .addColumn('until', 'varchar(10)')
      .addPrimaryKeyConstraint('company_former_names_pk', ['company_id', 'position'])
      .modifyEnd(clustered)
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('company_former_names').execute();
  },
};
