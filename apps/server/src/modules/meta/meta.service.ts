import type { Db } from '@app/db/client';
import type { DataMetaResponse } from '@app/shared/meta';
import { readDataMeta } from './meta.repository.ts';

/** Which data the site serves: 'none' until a demo build or an import has finished. */
export async function getDataMeta(db: Db): Promise<DataMetaResponse> {
  const { source, dataDate } = await readDataMeta(db);
  if (source !== 'demo' && source !== 'real') return { source: 'none', dataDate: null };
  return { source, dataDate };
}
