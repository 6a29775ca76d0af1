import type { Db } from '@app/db/client';
import type { DataMetaResponse } from '@app/shared/meta';
import { readDataDate, readDataSource } from './meta.repository.ts';

/** How long a read of the data date serves later requests. */
const DATA_DATE_TTL_MS = 1_000;
const dataDates = new WeakMap<Db, { readAt: number; date: Promise<string | null> }>();

/**
 * The data date (the newest complete trading day), or null before any data is loaded: the one
 * reader every in-memory snapshot keys on. New prices arrive once a day, so it is read at most
 * once a second per process; the day they arrive they show within a second.
 */
export function currentDataDate(db: Db): Promise<string | null> {
  const now = Date.now();
  const cached = dataDates.get(db);
  if (cached && now - cached.readAt < DATA_DATE_TTL_MS) return cached.date;
  const date = readDataDate(db);
  dataDates.set(db, { readAt: now, date });
  // An empty database (no data yet) is never remembered: the first load shows at once.
  date.then(
    (d) => d === null && dataDates.get(db)?.date === date && dataDates.delete(db),
    () => dataDates.get(db)?.date === date && dataDates.delete(db),
  );
  return date;
}

/** Which data the site serves: 'none' until a demo build or an import has finished. */
export async function getDataMeta(db: Db): Promise<DataMetaResponse> {
  const [source, dataDate] = await Promise.all([readDataSource(db), currentDataDate(db)]);
  if (source !== 'demo' && source !== 'real') return { source: 'none', dataDate: null };
  return { source, dataDate };
}
