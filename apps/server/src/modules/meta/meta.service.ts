import type { Db } from '@app/db/client';
import type { DataMetaResponse } from '@app/shared/meta';
import { currentDataDate } from '../../lib/data-date.ts';
import { readDataSource } from './meta.repository.ts';

/** Which data the site serves: 'none' until a demo build or an import has finished. */
export async function getDataMeta(db: Db): Promise<DataMetaResponse> {
  const [source, dataDate] = await Promise.all([readDataSource(db), currentDataDate(db)]);
  if (source !== 'demo' && source !== 'real') return { source: 'none', dataDate: null };
  return { source, dataDate };
}

/** The data date other modules key their per-day caches on (the one reader lives in lib/data-date.ts). */
export { currentDataDate };
