import type { Db } from '@app/db/client';
import { getMeta, META_KEYS } from '@app/market-data/meta';

export async function readDataSource(db: Db): Promise<string | null> {
  return (await getMeta(db, META_KEYS.source)) ?? null;
}
