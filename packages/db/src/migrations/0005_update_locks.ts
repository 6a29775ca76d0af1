import type { Kysely, Migration } from 'kysely';

// SQLite's daily-update lock across processes; PostgreSQL uses an advisory lock instead.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('update_locks')
      .addColumn('name', 'varchar(50)', (c) => c.primaryKey())
      /** host:pid:random of the holder, so a lock left by a dead process on this host is taken over. */
      .addColumn('holder', 'varchar(200)', (c) => c.notNull())
      .addColumn('acquired_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('update_locks').execute();
  },
};
