import type { DbHandle } from '@app/db/client';
import type { DataConfig } from '../config.ts';

/** What every `npm run data` command gets: an open, migrated database, the configuration and its arguments. */
export interface CommandContext {
  handle: DbHandle;
  config: DataConfig;
  args: string[];
}
