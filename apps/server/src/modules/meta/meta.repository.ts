import type { Db } from '@app/db/client';
import { getMeta, META_KEYS } from '@app/market-data/meta';

/** The stored data source, as it is in `app_meta`. */
export async function readDataSource(db: Db): Promise<string | null> {
  return (await getMeta(db, META_KEYS.source)) ?? null;
}
