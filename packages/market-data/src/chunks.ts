/**
 * Bound parameters per statement: under SQLite's 32,766 and PostgreSQL's 65,535, and small
 * enough that one statement's parse and plan stay cheap.
 */
const PARAMETERS_PER_STATEMENT = 8_000;

/** Rows per multi-row INSERT for rows of `columns` columns. */
export function rowsPerStatement(columns: number): number {
  return Math.max(1, Math.floor(PARAMETERS_PER_STATEMENT / Math.max(1, columns)));
}

/**
 * Runs `insert` over consecutive slices of `rows`, sized from the number of columns of the
 * first row so a statement never exceeds the engines' parameter limits.
 */
export async function insertInChunks<T extends object>(
  rows: readonly T[],
  insert: (part: T[]) => Promise<unknown>,
): Promise<void> {
  if (rows.length === 0) return;
  const size = rowsPerStatement(Object.keys(rows[0] as object).length);
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** Consecutive slices of at most `size` items (id lists for `where … in`). */
export function* slices<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}
