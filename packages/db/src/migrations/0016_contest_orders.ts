import { type Kysely, type Migration, sql } from 'kysely';
import { isPostgres } from './dialect.ts';

/**
 * Simulator orders (decision 024): a buy or sell waits here until the next close the server
 * receives (or, for a limit order, the first close that reaches its limit). A pending buy holds
 * its points as a reservation, already taken from `contest_accounts`, so pending orders can never
 * overdraw. A pick records the order that bought it. The market index is the benchmark beside
 * every portfolio.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const pg = isPostgres(db);
    await db.schema
      .createTable('contest_orders')
      .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
      .addColumn('ticker', 'varchar(24)', (c) => c.notNull())
      .addColumn('comp_name', 'text', (c) => c.notNull())
      // buy | sell
      .addColumn('side', 'varchar(4)', (c) => c.notNull())
      // market | limit
      .addColumn('kind', 'varchar(6)', (c) => c.notNull())
      // A buy's reservation; a sell's pick amount, for display.
      .addColumn('lpoints_cents', 'bigint', (c) => c.notNull())
      // The pick a sell order sells (null on a buy: its pick names the order).
      .addColumn('pick_id', 'integer', (c) => c.references('contest_picks.id').onDelete('cascade'))
      .addColumn('limit_price', 'double precision')
      .addColumn('good_until', 'varchar(10)')
      .addColumn('asell_above_bp', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('asell_below_bp', 'integer', (c) => c.notNull().defaultTo(0))
      // Closes dated on or before it may have been known when the order was placed: never filled at.
      .addColumn('fills_after', 'varchar(10)', (c) => c.notNull())
      // pending | filled | cancelled | expired
      .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('pending'))
      .addColumn('fill_price', 'double precision')
      .addColumn('fill_date', 'varchar(10)')
      .addColumn('placed_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('closed_at', 'varchar(30)')
      .execute();
    await db.schema
      .createIndex('contest_orders_status')
      .on('contest_orders')
      .columns(['status', 'company_id'])
      .execute();
    await db.schema.createIndex('contest_orders_user').on('contest_orders').columns(['user_id', 'status']).execute();
    // One pending sell per pick: pressing Sell twice places one order.
    await sql`create unique index contest_orders_one_sell on contest_orders (pick_id) where status = 'pending' and side = 'sell'`.execute(
      db,
    );
    // The benchmark beside every portfolio (@app/shared/market-index), one level per trading day.
    await db.schema
      .createTable('market_index')
      .addColumn('date', 'varchar(10)', (c) => c.primaryKey())
      .addColumn('level', 'double precision', (c) => c.notNull())
      .addColumn('companies', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .alterTable('contest_picks')
      .addColumn('order_id', 'integer', (c) => c.references('contest_orders.id').onDelete('set null'))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('contest_picks').dropColumn('order_id').execute();
    await db.schema.dropTable('market_index').execute();
    await db.schema.dropTable('contest_orders').execute();
  },
};
