import type { Db } from '@app/db/client';
import { getMeta, META_KEYS } from '@app/market-data/meta';

/** How long a read of the data date serves later requests. */
const DATA_DATE_TTL_MS = 1_000;
const dataDates = new WeakMap<Db, { readAt: number; date: Promise<string | null> }>();

/**
 * The data date: the newest trading day whose prices and derived tables are complete, from
 * `app_meta` (builds, imports and the daily update write it last, after every table it
 * describes; the newest date in `latest_quotes` moves earlier, mid-update). The one reader every
 * per-data-date cache keys on. Read at most once a second per process: the day new prices
 * arrive they show within a second. `fresh` reads it now (and serves the next callers that).
 */
export function currentDataDate(db: Db, options: { fresh?: boolean } = {}): Promise<string | null> {
  const now = Date.now();
  const cached = dataDates.get(db);
  if (!options.fresh && cached && now - cached.readAt < DATA_DATE_TTL_MS) return cached.date;
  const date = getMeta(db, META_KEYS.dataDate).then((d) => d ?? null);
  dataDates.set(db, { readAt: now, date });
  // An empty database (no data yet) is never remembered: the first load shows at once.
  date.then(
    (d) => d === null && dataDates.get(db)?.date === date && dataDates.delete(db),
    () => dataDates.get(db)?.date === date && dataDates.delete(db),
  );
  return date;
}
