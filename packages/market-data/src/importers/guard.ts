import type { Db } from '@app/db/client';
import { getMeta, META_KEYS } from '../meta.ts';

/** Demo companies would stay, take tickers real companies need, and pass as real data afterwards. */
export async function assertNotDemoDatabase(db: Db): Promise<void> {
  if ((await getMeta(db, META_KEYS.source)) === 'demo') {
    throw new Error(
      'This database holds the demo universe: import real data into an empty DATA_DIR instead ' +
        '(e.g. DATA_DIR=./data-real npm run data -- import-all ../shared/data).',
    );
  }
}
