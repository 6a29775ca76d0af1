import type { Db } from '@app/db/client';
import type { PricePoint } from './derived.ts';
import type { DataSource } from './meta.ts';

// A source writes raw rows only; the update refreshes derived tables and the data date after it, for every source.
export interface DailySource {
  readonly name: DataSource;
  /** Each day in one transaction, in date order; deterministic and idempotent per day. */
  append(db: Db, after: string, through: string): Promise<AppendResult>;
  // Each day's transaction also sets META_KEYS.appendedThrough, so a stopped update can be finished.
}

export interface AppendResult {
  days: string[];
  priceRows: number;
  companyIds: number[];
  /** Companies given new filing periods: their readings are worked out again. */
  filedCompanyIds?: readonly number[];
  /** New closes when the source only appended (derived tables brought forward); leave out after history corrections. */
  appended?: ReadonlyMap<number, readonly PricePoint[]>;
}
