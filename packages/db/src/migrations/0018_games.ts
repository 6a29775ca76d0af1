import { type Kysely, type Migration, sql } from 'kysely';
import { isPostgres } from './dialect.ts';

/**
 * Games (decision 027): a member's contest with its own dates, starting points and rules, each
 * player holding a separate portfolio in it. The simulator of the specification is the always-open
 * game 0, so every existing account, pick, order and valuation is game 0's; a game's own are keyed
 * by its id. An account, a valuation, a pick and an order each name their game.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const pg = isPostgres(db);
    await db.schema
      .createTable('games')
      .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('name', 'varchar(80)', (c) => c.notNull())
      // The teacher: sees the players; a deleted account leaves its games running without one.
      .addColumn('creator_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
      .addColumn('end_date', 'varchar(10)', (c) => c.notNull())
      .addColumn('starting_points_cents', 'bigint', (c) => c.notNull())
      // Rules, 0 = none: a company's share of the portfolio and of its daily dollar volume (basis points), a share price floor.
      .addColumn('max_position_bp', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('max_volume_bp', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('min_price', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('limit_orders', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('private', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('invite_code', 'varchar(16)', (c) => c.notNull().unique())
      // The trading day its results were frozen at, once the end date has passed.
      .addColumn('final_date', 'varchar(10)')
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
      .execute();
    await db.schema.createIndex('games_creator').on('games').column('creator_id').execute();
    await db.schema.createIndex('games_end').on('games').columns(['private', 'end_date']).execute();

    for (const table of ['contest_picks', 'contest_orders']) {
      await db.schema
        .alterTable(table)
        .addColumn('game_id', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    }
    await db.schema
      .createIndex('contest_picks_game')
      .on('contest_picks')
      .columns(['game_id', 'user_id', 'status'])
      .execute();
    await db.schema
      .createIndex('contest_orders_game')
      .on('contest_orders')
      .columns(['game_id', 'user_id', 'status'])
      .execute();

    // An account and a valuation are per member and game: the keys gain the game.
    if (pg) {
      await sql`alter table contest_accounts add column game_id integer not null default 0`.execute(db);
      await sql`alter table contest_accounts drop constraint contest_accounts_pkey`.execute(db);
      await sql`alter table contest_accounts add constraint contest_accounts_pkey primary key (game_id, user_id)`.execute(
        db,
      );
      await sql`alter table contest_valuations add column game_id integer not null default 0`.execute(db);
      await sql`alter table contest_valuations drop constraint contest_valuations_pk`.execute(db);
      await sql`alter table contest_valuations add constraint contest_valuations_pk primary key (game_id, user_id, date)`.execute(
        db,
      );
    } else {
      // SQLite cannot change a primary key: the two tables are rebuilt with their rows.
      await sql`create table contest_accounts_new (
        game_id integer not null default 0,
        user_id integer not null references users(id) on delete cascade,
        points_cents bigint not null,
        created_at varchar(30) not null default CURRENT_TIMESTAMP,
        constraint contest_accounts_points_non_negative check (points_cents >= 0),
        primary key (game_id, user_id))`.execute(db);
      await sql`insert into contest_accounts_new (game_id, user_id, points_cents, created_at)
        select 0, user_id, points_cents, created_at from contest_accounts`.execute(db);
      await sql`drop table contest_accounts`.execute(db);
      await sql`alter table contest_accounts_new rename to contest_accounts`.execute(db);
      await sql`create table contest_valuations_new (
        game_id integer not null default 0,
        user_id integer not null references users(id) on delete cascade,
        date varchar(10) not null,
        value_cents bigint not null,
        constraint contest_valuations_pk primary key (game_id, user_id, date))`.execute(db);
      await sql`insert into contest_valuations_new (game_id, user_id, date, value_cents)
        select 0, user_id, date, value_cents from contest_valuations`.execute(db);
      await sql`drop table contest_valuations`.execute(db);
      await sql`alter table contest_valuations_new rename to contest_valuations`.execute(db);
    }
    // A game's leaderboard reads its valuations by day.
    await db.schema
      .createIndex('contest_valuations_game_date')
      .on('contest_valuations')
      .columns(['game_id', 'date'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('contest_valuations_game_date').execute();
    await sql`delete from contest_valuations where game_id <> 0`.execute(db);
    await sql`delete from contest_accounts where game_id <> 0`.execute(db);
    if (isPostgres(db)) {
      await sql`alter table contest_valuations drop constraint contest_valuations_pk`.execute(db);
      await sql`alter table contest_valuations add constraint contest_valuations_pk primary key (user_id, date)`.execute(
        db,
      );
      await sql`alter table contest_valuations drop column game_id`.execute(db);
      await sql`alter table contest_accounts drop constraint contest_accounts_pkey`.execute(db);
      await sql`alter table contest_accounts add constraint contest_accounts_pkey primary key (user_id)`.execute(db);
      await sql`alter table contest_accounts drop column game_id`.execute(db);
    } else {
      await sql`create table contest_accounts_old (
        user_id integer primary key references users(id) on delete cascade,
        points_cents bigint not null,
        created_at varchar(30) not null default CURRENT_TIMESTAMP,
        constraint contest_accounts_points_non_negative check (points_cents >= 0))`.execute(db);
      await sql`insert into contest_accounts_old select user_id, points_cents, created_at from contest_accounts`.execute(
        db,
      );
      await sql`drop table contest_accounts`.execute(db);
      await sql`alter table contest_accounts_old rename to contest_accounts`.execute(db);
      await sql`create table contest_valuations_old (
        user_id integer not null references users(id) on delete cascade,
        date varchar(10) not null,
        value_cents bigint not null,
        constraint contest_valuations_pk primary key (user_id, date))`.execute(db);
      await sql`insert into contest_valuations_old select user_id, date, value_cents from contest_valuations`.execute(
        db,
      );
      await sql`drop table contest_valuations`.execute(db);
      await sql`alter table contest_valuations_old rename to contest_valuations`.execute(db);
    }
    for (const table of ['contest_picks', 'contest_orders']) {
      await db.schema.dropIndex(`${table}_game`).execute();
      await db.schema.alterTable(table).dropColumn('game_id').execute();
    }
    await db.schema.dropTable('games').execute();
  },
};
