import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database as Schema } from './schema.ts';

type Slot = { arg: string } | { value: unknown };

interface Compiled<R> {
  query: CompiledQuery<R>;
  slots: Slot[];
}

const MARK = '\u0000arg:';

/**
 * A hot statement whose SQL is built and compiled once per engine, then run with each call's values.
 * Kysely rebuilds and recompiles a query on every call, about a tenth of a simple API request; the
 * requests every page of the simulator makes use this instead.
 *
 * `build` is called once per engine with a marker in place of each argument it reads, so it must hand
 * each argument to the builder as it is (no arithmetic, no branching on it, never null where SQL would
 * need `is null`); constants written in the query stay as they were compiled. A marker that reaches
 * the SQL changed is an error at the first call, so such a mistake shows in the first test that runs it.
 */
export function prepared<A extends object, R>(
  build: (db: Kysely<Schema>, args: A) => Compilable<R>,
): (db: Kysely<Schema>, args: A) => Promise<R[]> {
  // Keyed by the engine's adapter, which a transaction shares with its database.
  const compiled = new WeakMap<object, Compiled<R>>();
  return async (db, args) => {
    const adapter = db.getExecutor().adapter;
    let entry = compiled.get(adapter);
    if (!entry) {
      entry = compile(db, build);
      compiled.set(adapter, entry);
    }
    const values = args as Record<string, unknown>;
    const parameters = entry.slots.map((slot) => ('arg' in slot ? values[slot.arg] : slot.value));
    return (await db.executeQuery<R>({ ...entry.query, parameters })).rows;
  };
}

function compile<A extends object, R>(
  db: Kysely<Schema>,
  build: (db: Kysely<Schema>, args: A) => Compilable<R>,
): Compiled<R> {
  const markers = new Proxy({}, { get: (_, name) => `${MARK}${String(name)}` }) as A;
  const query = build(db, markers).compile();
  const slots = query.parameters.map((value): Slot => {
    // No constant of a query holds a NUL: one here comes from a marker.
    if (typeof value !== 'string' || !value.includes('\u0000')) return { value };
    if (!value.startsWith(MARK) || value.indexOf('\u0000', 1) !== -1) {
      throw new Error(`A prepared statement changes its argument before binding it (${JSON.stringify(value)})`);
    }
    return { arg: value.slice(MARK.length) };
  });
  return { query, slots };
}
