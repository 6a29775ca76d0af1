import { type Kysely, PostgresAdapter } from 'kysely';

/** Whether `db` speaks to PostgreSQL (else SQLite): for the few statements written differently for each engine. */
export const isPostgres = <T>(db: Kysely<T>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;
