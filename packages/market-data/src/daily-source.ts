import type { Db } from '@app/db/client';
import type { PricePoint } from './derived.ts';
import type { DataSource } from './meta.ts';

/**
 * Where new trading days come from. The demo source generates them; a real-data source
 * (prices downloaded or dropped as files) implements the same method. A source writes raw
 * rows only (companies, prices, share counts, fundamentals); the update refreshes the
 * derived tables and the data date after it, the same way for every source.
 */
export interface DailySource {
  readonly name: DataSource;
  /**
   * Appends every trading day after `after` through `through` (both `YYYY-MM-DD`), each day
   * in one transaction, in date order. Must be deterministic and idempotent per day.
   */
  append(db: Db, after: string, through: string): Promise<AppendResult>;
  // Each day's transaction also sets META_KEYS.appendedThrough, so a stopped update can be finished.
}

export interface AppendResult {
  /** The trading days written, ascending. */
  days: string[];
  priceRows: number;
  /** Companies with new rows, for a targeted refresh of the derived tables. */
  companyIds: number[];
  /**
   * The new closes per company, when the source only appended after each company's last
   * stored day: the derived tables are then brought forward from them (`appendDerived`)
   * instead of recomputed from a year of prices. Leave it out after corrections to history.
   */
  appended?: ReadonlyMap<number, readonly PricePoint[]>;
}
