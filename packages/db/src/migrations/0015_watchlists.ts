import { type Kysely, type Migration, sql } from 'kysely';
import { isPostgres } from './dialect.ts';

/**
 * Watchlists and alerts (issue 35): a member's named lists of companies, the alerts they set on
 * companies, the notifications those alerts raise (one per alert and trading day at most), the
 * member's e-mail choice and the messages sent, counted against the daily cap. Every table
 * follows the member: deleting the account removes them (cascade).
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const pg = isPostgres(db);
    const id = (t: ReturnType<Kysely<unknown>['schema']['createTable']>) =>
      t.addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()));

    await id(db.schema.createTable('watchlists'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'varchar(60)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
      .execute();
    await db.schema.createIndex('watchlists_user').on('watchlists').column('user_id').execute();

    await db.schema
      .createTable('watchlist_items')
      .addColumn('watchlist_id', 'integer', (c) => c.notNull().references('watchlists.id').onDelete('cascade'))
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
      // The member's order: 0 first.
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('added_at', 'varchar(30)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
      .addPrimaryKeyConstraint('watchlist_items_pk', ['watchlist_id', 'company_id'])
      .execute();

    await id(db.schema.createTable('alerts'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
      // price_above | price_below | daily_move | high_52w | low_52w | filing | position
      .addColumn('kind', 'varchar(20)', (c) => c.notNull())
      // A price level in USD (price alerts) or a percent in basis points (daily move, position).
      .addColumn('price_level', 'double precision')
      .addColumn('percent_bp', 'integer')
      // 1 while the member wants e-mail about it (a one-click unsubscribe clears it).
      .addColumn('email', 'integer', (c) => c.notNull().defaultTo(1))
      // The data date it was set on: it judges only the closes after it.
      .addColumn('created_on', 'varchar(10)', (c) => c.notNull())
      // The last trading day judged; the next evaluation starts the day after.
      .addColumn('checked_through', 'varchar(10)', (c) => c.notNull())
      // Newest filing date known when last judged (filing alerts), '' for none.
      .addColumn('filed_through', 'varchar(10)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
      .execute();
    await db.schema.createIndex('alerts_user').on('alerts').column('user_id').execute();
    await db.schema.createIndex('alerts_checked').on('alerts').column('checked_through').execute();

    await id(db.schema.createTable('notifications'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('alert_id', 'integer', (c) => c.notNull().references('alerts.id').onDelete('cascade'))
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
      // The trading day that fired it.
      .addColumn('date', 'varchar(10)', (c) => c.notNull())
      .addColumn('kind', 'varchar(20)', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('read_at', 'varchar(30)')
      // pending | sent | capped | none: what became of its e-mail.
      .addColumn('mail_state', 'varchar(10)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
      // Exactly once per alert and day, whoever evaluates it.
      .addUniqueConstraint('notifications_alert_date', ['alert_id', 'date'])
      .execute();
    await db.schema.createIndex('notifications_user').on('notifications').columns(['user_id', 'id']).execute();
    await db.schema.createIndex('notifications_mail').on('notifications').columns(['mail_state', 'user_id']).execute();

    await db.schema
      .createTable('alert_settings')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      // each | digest | off
      .addColumn('email_mode', 'varchar(10)', (c) => c.notNull())
      .execute();

    await id(db.schema.createTable('alert_mails'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // The trading day the message is about: the daily cap counts per member and day.
      .addColumn('date', 'varchar(10)', (c) => c.notNull())
      .addColumn('sent_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('alert_mails_user_date').on('alert_mails').columns(['user_id', 'date']).execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['alert_mails', 'alert_settings', 'notifications', 'alerts', 'watchlist_items', 'watchlists']) {
      await db.schema.dropTable(table).execute();
    }
  },
};
