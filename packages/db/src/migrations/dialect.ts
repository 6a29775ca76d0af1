import { type Kysely, PostgresAdapter } from 'kysely';

export const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;
