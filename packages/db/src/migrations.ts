import type { Kysely, Migration, MigrationProvider } from 'kysely';
import { sql } from 'kysely';

/**
 * Migrations are written once with Kysely's schema builder and run on both engines.
 * They live in code (not a folder scanned at run time) so the same list works from
 * TypeScript sources, tests and bundles alike. Append only: never edit a shipped one.
 */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_app_meta': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('app_meta')
        .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(30)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('app_meta').execute();
    },
  },
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return MIGRATIONS;
  },
};
