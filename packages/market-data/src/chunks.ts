// Under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters, and small enough to parse and plan cheaply.
const PARAMETERS_PER_STATEMENT = 8_000;

export function rowsPerStatement(columns: number): number {
  return Math.max(1, Math.floor(PARAMETERS_PER_STATEMENT / Math.max(1, columns)));
}

export async function insertInChunks<T extends object>(
  rows: readonly T[],
  insert: (part: T[]) => Promise<unknown>,
): Promise<void> {
  if (rows.length === 0) return;
  const size = rowsPerStatement(Object.keys(rows[0] as object).length);
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export function* slices<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}
