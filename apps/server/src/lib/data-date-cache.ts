import type { Db } from '@app/db/client';
import { currentDataDate } from './data-date.ts';

export interface DataDateCacheLimits<T> {
  /** The oldest answers go first past this many. */
  maxEntries?: number;
  /** Or past this total of `sizeOf` (bytes); the answer just made stays even if it alone is over. */
  maxSize?: number;
  sizeOf?: (value: T) => number;
}

interface Held<T> {
  dataDate: string | null;
  answers: Map<string, { value: Promise<T>; size: number }>;
  size: number;
}

/**
 * Answers that change only with new data (a search, a series, a statement), kept until the data
 * date moves: a repeat is a map lookup. Concurrent callers share one load; a failure (an unknown
 * company, a lost connection) is not remembered. Held weakly per database (tests open many).
 */
export class DataDateCache<T> {
  readonly #held = new WeakMap<Db, Held<T>>();
  constructor(private readonly limits: DataDateCacheLimits<T>) {}

  async get(db: Db, key: string, load: () => Promise<T>): Promise<T> {
    const dataDate = await currentDataDate(db);
    let held = this.#held.get(db);
    if (!held || held.dataDate !== dataDate) {
      held = { dataDate, answers: new Map(), size: 0 };
      this.#held.set(db, held);
    }
    const kept = held;
    const cached = kept.answers.get(key);
    if (cached) return cached.value;
    const entry = { value: load(), size: 0 };
    kept.answers.set(key, entry);
    this.#trim(kept, entry);
    entry.value.then(
      (value) => {
        if (kept.answers.get(key) !== entry || !this.limits.sizeOf) return;
        entry.size = this.limits.sizeOf(value);
        kept.size += entry.size;
        this.#trim(kept, entry);
      },
      () => kept.answers.get(key) === entry && kept.answers.delete(key),
    );
    return entry.value;
  }

  #trim(kept: Held<T>, newest: { size: number }): void {
    const { maxEntries = Number.POSITIVE_INFINITY, maxSize = Number.POSITIVE_INFINITY } = this.limits;
    for (const [oldKey, old] of kept.answers) {
      if ((kept.answers.size <= maxEntries && kept.size <= maxSize) || old === newest) break;
      kept.answers.delete(oldKey);
      kept.size -= old.size;
    }
  }
}
