import { createDb, type Db, type DbConfig, type DbHandle, migrateToLatest } from '@app/db/client';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbEngine: DbHandle['engine'];
    /** The SQLite database's file, which worker threads open for themselves; null on PostgreSQL or in memory. */
    dbFile: string | null;
  }
}

export type DbPluginOptions =
  | { config: DbConfig; handle?: undefined; migrated?: boolean }
  | { handle: DbHandle; config?: undefined };

export const dbPlugin = fp(async (app: FastifyInstance, opts: DbPluginOptions) => {
  let handle: DbHandle;
  if (opts.handle) {
    handle = opts.handle;
  } else {
    handle = createDb(
      opts.config.engine === 'postgres'
        ? {
            ...opts.config,
            onConnectionError: (err) => app.log.warn({ err }, 'PostgreSQL connection lost; reconnecting on next use'),
          }
        : // The site's connection: no request waits for a WAL checkpoint.
          { ...opts.config, backgroundCheckpoint: true },
    );
    if (!opts.migrated) await migrateToLatest(handle.db);
    app.addHook('onClose', () => handle.close());
  }
  app.decorate('db', handle.db);
  app.decorate('dbEngine', handle.engine);
  app.decorate('dbFile', handle.sqlite && !handle.sqlite.memory ? handle.sqlite.name : null);
});
