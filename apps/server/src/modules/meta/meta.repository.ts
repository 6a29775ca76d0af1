import type { Db } from '@app/db/client';
import { getMeta, META_KEYS } from '@app/market-data/meta';

/** The stored data source, as it is in `app_meta`. */
export async function readDataSource(db: Db): Promise<string | null> {
  return (await getMeta(db, META_KEYS.source)) ?? null;
}

/**
 * The data date: the newest trading day whose prices and derived tables are complete. Builds,
 * imports and the daily update set it last, after every table it describes is written, so it
 * is the one source of truth (never the newest date in `latest_quotes`, which an update in
 * progress has already moved).
 */
export async function readDataDate(db: Db): Promise<string | null> {
  return (await getMeta(db, META_KEYS.dataDate)) ?? null;
}
