import { type Kysely, type Migration, sql } from 'kysely';
import { isPostgres } from './dialect.ts';

// The market simulator (decision 012). Points are integer cents.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const pg = isPostgres(db);
    await db.schema
      .createTable('contest_accounts')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('points_cents', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
      // A balance can never go below zero, whatever a buggy caller does.
      .addCheckConstraint('contest_accounts_points_non_negative', sql`points_cents >= 0`)
      .execute();

    await db.schema
      .createTable('contest_picks')
      .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
      .addColumn('ticker', 'varchar(24)', (c) => c.notNull())
      .addColumn('comp_name', 'text', (c) => c.notNull())
      .addColumn('lpoints_cents', 'bigint', (c) => c.notNull())
      .addColumn('purchase_price', 'double precision', (c) => c.notNull())
      .addColumn('purchase_date', 'varchar(10)', (c) => c.notNull())
      // Each trigger judges only closes from the data date it was set on, never a past close.
      .addColumn('asell_above_bp', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('asell_below_bp', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('asell_date', 'varchar(10)')
      .addColumn('above_set_on', 'varchar(10)', (c) => c.notNull())
      .addColumn('below_set_on', 'varchar(10)', (c) => c.notNull())
      .addColumn('date_set_on', 'varchar(10)', (c) => c.notNull())
      .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('open'))
      .addColumn('end_price', 'double precision')
      .addColumn('end_date', 'varchar(10)')
      .addColumn('gain_cents', 'bigint')
      .addColumn('sold_by', 'varchar(10)')
      .addColumn('sale_seen', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
      .execute();
    await db.schema
      .createIndex('contest_picks_user_status')
      .on('contest_picks')
      .columns(['user_id', 'status'])
      .execute();
    await db.schema.createIndex('contest_picks_status').on('contest_picks').columns(['status', 'company_id']).execute();

    await db.schema
      .createTable('contest_valuations')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('date', 'varchar(10)', (c) => c.notNull())
      .addColumn('value_cents', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('contest_valuations_pk', ['user_id', 'date'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('contest_valuations').execute();
    await db.schema.dropTable('contest_picks').execute();
    await db.schema.dropTable('contest_accounts').execute();
  },
};
