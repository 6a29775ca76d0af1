/**
 * An in-memory structure built once per version of the data and shared by every request: the
 * screener's listing, the company directory, the rankings. The version is the data date (or a
 * string that sorts after it when the data moves on), so "newer" is a plain string comparison.
 *
 * - Concurrent callers for the same version share one build.
 * - A build of an older version never replaces a newer snapshot (a slow load started just
 *   before an update finishes last); callers asking for an older version get the newer one.
 * - A failed build is not remembered: the next caller builds again.
 *
 * Snapshots are kept per owner object (a database handle: tests open many), weakly.
 */
export class SnapshotCache<Owner extends object, T> {
  readonly #current = new WeakMap<Owner, { version: string; value: T }>();
  readonly #building = new WeakMap<Owner, Map<string, Promise<T>>>();

  constructor(private readonly build: (owner: Owner, version: string) => Promise<T>) {}

  /** The snapshot of `version`, or a newer one already held. */
  get(owner: Owner, version: string): Promise<T> {
    const current = this.#current.get(owner);
    if (current && current.version >= version) return Promise.resolve(current.value);
    return this.#start(owner, version);
  }

  /** Builds `version` again although it is held (its data was corrected in place). */
  refresh(owner: Owner, version: string): Promise<T> {
    return this.#start(owner, version);
  }

  /** What is held now, without building anything. */
  peek(owner: Owner): { version: string; value: T } | undefined {
    return this.#current.get(owner);
  }

  #start(owner: Owner, version: string): Promise<T> {
    let building = this.#building.get(owner);
    if (!building) {
      building = new Map();
      this.#building.set(owner, building);
    }
    const inFlight = building.get(version);
    if (inFlight) return inFlight;
    const promise = this.build(owner, version)
      .then((value) => {
        const current = this.#current.get(owner);
        if (!current || current.version <= version) {
          this.#current.set(owner, { version, value });
          return value;
        }
        return current.value;
      })
      .finally(() => building.delete(version));
    building.set(version, promise);
    return promise;
  }
}
