import { type Kysely, type Migration, sql } from 'kysely';
import { isPostgres } from './dialect.ts';

/**
 * A member's saved screens: a name and the screen's query (the screener URL's parameters), so a
 * saved screen opens exactly as a shared link does. Deleting the account removes them (cascade).
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const pg = isPostgres(db);
    await db.schema
      .createTable('saved_screens')
      .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'varchar(60)', (c) => c.notNull())
      .addColumn('query', 'text', (c) => c.notNull())
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
      .addColumn('updated_at', 'varchar(30)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
      .execute();
    await db.schema.createIndex('saved_screens_user').on('saved_screens').column('user_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('saved_screens').execute();
  },
};
