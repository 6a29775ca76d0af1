import type { Db } from '@app/db/client';
import { getMeta, META_KEYS } from '@app/market-data/meta';

/** The stored facts about the loaded data, as they are in `app_meta`. */
export async function readDataMeta(db: Db): Promise<{ source: string | null; dataDate: string | null }> {
  const [source, dataDate] = await Promise.all([getMeta(db, META_KEYS.source), getMeta(db, META_KEYS.dataDate)]);
  return { source: source ?? null, dataDate: dataDate ?? null };
}
