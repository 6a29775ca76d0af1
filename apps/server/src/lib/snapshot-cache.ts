// Built once per data version and shared: concurrent callers share a build, an older build never replaces a newer
// snapshot (a slow load finishing after an update), failures are not kept. Held weakly per owner (tests open many).
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
