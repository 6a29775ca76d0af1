import type { Kysely, Migration } from 'kysely';
import { isPostgres } from './dialect.ts';

// Child tables reference users.id ON DELETE CASCADE; times are ISO-8601 UTC text on both engines.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const pg = isPostgres(db);
    await db.schema
      .createTable('users')
      .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('username', 'varchar(20)', (c) => c.notNull())
      .addColumn('username_key', 'varchar(20)', (c) => c.notNull().unique())
      .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text')
      .addColumn('google_sub', 'varchar(255)', (c) => c.unique())
      .addColumn('website', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('summary', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('country', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('password_resets')
      // SHA-256 of the emailed token: a leaked table cannot reset anyone's password.
      .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('used_at', 'varchar(32)')
      .execute();
    await db.schema.createIndex('password_resets_user').on('password_resets').column('user_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('password_resets').execute();
    await db.schema.dropTable('users').execute();
  },
};
