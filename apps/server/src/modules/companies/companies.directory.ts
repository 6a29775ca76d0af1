import type { Db } from '@app/db/client';
import type { Company } from '@app/shared/companies';
import { currentDataDate } from '../../lib/data-date.ts';
import { SnapshotCache } from '../../lib/snapshot-cache.ts';
import { type DirectoryEntry, listDirectory } from './companies.repository.ts';

interface Indexed {
  entry: DirectoryEntry;
  name: string;
  ticker: string;
}

// One directory per data date: companies and their market caps change only with new data
// (imports and the daily update move the data date last), so no per-request version query.
const directories = new SnapshotCache<Db, Indexed[]>(async (db) =>
  (await listDirectory(db)).map((entry) => ({
    entry,
    name: entry.comp_name.toLowerCase(),
    ticker: entry.ticker.toLowerCase(),
  })),
);

async function currentDirectory(db: Db): Promise<Indexed[]> {
  // Before any data date (companies without prices) the directory is keyed '', which every
  // real date sorts after.
  return directories.get(db, (await currentDataDate(db)) ?? '');
}

/** The first `limit` companies of the directory: largest market cap first, those without one last. */
export async function largestInDirectory(db: Db, limit: number): Promise<Company[]> {
  return (await currentDirectory(db)).slice(0, limit).map(({ entry: { mkcap: _mkcap, ...company } }) => company);
}

/**
 * Companies whose name or ticker contains `text` (any case): the exact ticker first, then name
 * or ticker prefixes, then other matches; larger companies first within each group (SPEC §7
 * search box). Scanning 10,000 names in memory takes a fraction of a millisecond, where the
 * same `LIKE '%…%'` in SQL scanned the table on every keystroke.
 */
export async function searchDirectory(db: Db, text: string, limit: number): Promise<Company[]> {
  const needle = text.toLowerCase();
  const groups: Indexed[][] = [[], [], []];
  for (const item of await currentDirectory(db)) {
    if (item.ticker === needle) groups[0]?.push(item);
    else if (item.ticker.startsWith(needle) || item.name.startsWith(needle)) groups[1]?.push(item);
    else if (item.name.includes(needle) || item.ticker.includes(needle)) groups[2]?.push(item);
  }
  return groups
    .flat()
    .slice(0, limit)
    .map(({ entry: { mkcap: _mkcap, ...company } }) => company);
}
