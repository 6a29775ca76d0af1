import { type Kysely, type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Off by default: a member appears on the public leaderboard only after opting in.
    await db.schema
      .alterTable('users')
      .addColumn('leaderboard_opt_in', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('users').addColumn('display_name', 'varchar(30)').execute();

    // Ending every session (a new token version) voids pending reset links too.
    await db.schema
      .alterTable('password_resets')
      .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('revoked_tokens')
      .addColumn('token_id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('revoked_tokens_expires').on('revoked_tokens').column('expires_at').execute();

    await db.schema
      .createTable('email_changes')
      .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('old_email', 'varchar(254)', (c) => c.notNull())
      .addColumn('new_email', 'varchar(254)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('used_at', 'varchar(32)')
      .execute();
    await db.schema.createIndex('email_changes_user').on('email_changes').column('user_id').execute();

    await db.schema
      .createTable('app_secrets')
      .addColumn('name', 'varchar(50)', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('app_secrets').execute();
    await db.schema.dropTable('email_changes').execute();
    await db.schema.dropTable('revoked_tokens').execute();
    await db.schema.alterTable('password_resets').dropColumn('token_version').execute();
    await db.schema.alterTable('users').dropColumn('display_name').execute();
    await db.schema.alterTable('users').dropColumn('leaderboard_opt_in').execute();
  },
};
