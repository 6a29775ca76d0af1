import type { Db } from '@app/db/client';
import { getMeta, META_KEYS } from '@app/market-data/meta';

const DATA_DATE_TTL_MS = 1_000;
const dataDates = new WeakMap<Db, { readAt: number; date: Promise<string | null> }>();

// From `app_meta`, written after every table it describes (latest_quotes' newest date moves earlier mid-update).
// Cached a second per process, so new prices show within a second; every per-data-date cache keys on it.
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

/** When filings were last imported (an ISO time), or null before any: read fresh, by the poll only. */
export async function filingsImportedAt(db: Db): Promise<string | null> {
  return (await getMeta(db, META_KEYS.filingsImported)) ?? null;
}
