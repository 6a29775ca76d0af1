import type { Kysely, Migration } from 'kysely';
import { isPostgres } from './dialect.ts';

// Accounts (issue 12). Other features' tables reference users.id with ON DELETE CASCADE, so
// deleting an account removes everything of it. Times are ISO-8601 UTC text on both engines.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const pg = isPostgres(db);
    await db.schema
      .createTable('users')
      .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('username', 'varchar(20)', (c) => c.notNull())
      // Lower-cased username: unique regardless of case.
      .addColumn('username_key', 'varchar(20)', (c) => c.notNull().unique())
      // Normalised (trimmed, lower-cased) address.
      .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
      // Null for accounts made through Google that never set a password.
      .addColumn('password_hash', 'text')
      .addColumn('google_sub', 'varchar(255)', (c) => c.unique())
      .addColumn('website', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('summary', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('country', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      // Raised by a password change or reset: tokens carrying an older version stop working.
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
