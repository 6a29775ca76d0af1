import type { Db } from '@app/db/client';
import type { Company } from '@app/shared/companies';
import { type DirectoryEntry, directoryVersion, listDirectory } from './companies.repository.ts';

interface Indexed {
  entry: DirectoryEntry;
  name: string;
  ticker: string;
}

interface Directory {
  version: string;
  entries: Indexed[];
}

// One directory per database handle (tests open many); rebuilt only when its version changes.
const directories = new WeakMap<Db, Directory>();
const loading = new WeakMap<Db, Promise<Directory>>();

async function currentDirectory(db: Db): Promise<Indexed[]> {
  const version = await directoryVersion(db);
  const cached = directories.get(db);
  if (cached?.version === version) return cached.entries;
  let pending = loading.get(db);
  if (!pending) {
    pending = listDirectory(db)
      .then((rows) => {
        const directory = {
          version,
          entries: rows.map((entry) => ({
            entry,
            name: entry.comp_name.toLowerCase(),
            ticker: entry.ticker.toLowerCase(),
          })),
        };
        directories.set(db, directory);
        return directory;
      })
      .finally(() => loading.delete(db));
    loading.set(db, pending);
  }
  return (await pending).entries;
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
