/**
 * A map of the `limit` entries used last: reading or writing an entry makes it the newest, and
 * adding one past the limit drops the oldest. The server's bounded caches keep their entries in it.
 */
export class RecentMap<K, V> {
  readonly #entries = new Map<K, V>();
  constructor(private readonly limit: number) {}

  get size(): number {
    return this.#entries.size;
  }

  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.limit) this.#entries.delete(this.#entries.keys().next().value as K);
  }

  /** The entry of `key`, made by `build` and kept when there is none. */
  getOrAdd(key: K, build: () => V): V {
    const held = this.get(key);
    if (held !== undefined) return held;
    const value = build();
    this.set(key, value);
    return value;
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  /** Removes `key` while it still holds `value`, not what replaced it since (a failed load). */
  deleteIf(key: K, value: V): void {
    if (this.#entries.get(key) === value) this.#entries.delete(key);
  }
}

/** A load kept in `kept` under `key`: asked again it is shared, and if it fails it goes so the next ask tries again. */
export function keptLoad<K, T>(kept: RecentMap<K, Promise<T>>, key: K, load: () => Promise<T>): Promise<T> {
  return kept.getOrAdd(key, () => {
    const loading = load();
    loading.catch(() => kept.deleteIf(key, loading));
    return loading;
  });
}
