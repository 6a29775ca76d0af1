import type { Db } from '@app/db/client';
import type { Company, CompanyMatch } from '@app/shared/companies';
import { currentDataDate } from '../../lib/data-date.ts';
import { SnapshotCache } from '../../lib/snapshot-cache.ts';
import { type DirectoryEntry, listDirectory } from './companies.repository.ts';

// Texts laid end to end after NULs, with their owners: one `indexOf` pass finds every company containing the search
// text, where a loop made 10,000 `includes` calls (twice with former names) per keystroke.
interface Haystack {
  text: string;
  /** Where each text starts in `text` (after its NUL), ascending. */
  starts: Int32Array;
  owners: Int32Array;
  slots: Int32Array;
}

interface Directory {
  companies: Company[];
  formerNames: string[][];
  tickers: Map<string, number[]>;
  names: Haystack;
  tickerTexts: Haystack;
  former: Haystack;
}

function haystack(texts: Iterable<readonly [owner: number, slot: number, text: string]>): Haystack {
  const parts: string[] = [];
  const starts: number[] = [];
  const owners: number[] = [];
  const slots: number[] = [];
  let at = 0;
  for (const [owner, slot, text] of texts) {
    at += 1; // the NUL before each text, so no match runs from one text into the next
    starts.push(at);
    owners.push(owner);
    slots.push(slot);
    parts.push(text);
    at += text.length;
  }
  return {
    text: parts.length ? `\0${parts.join('\0')}` : '',
    starts: Int32Array.from(starts),
    owners: Int32Array.from(owners),
    slots: Int32Array.from(slots),
  };
}

function buildDirectory(entries: DirectoryEntry[]): Directory {
  const tickers = new Map<string, number[]>();
  entries.forEach((e, i) => {
    const key = e.ticker.toLowerCase();
    tickers.set(key, [...(tickers.get(key) ?? []), i]);
  });
  return {
    companies: entries.map(({ mkcap: _mkcap, formerNames: _formerNames, ...company }) => company),
    formerNames: entries.map((e) => e.formerNames),
    tickers,
    names: haystack(entries.map((e, i) => [i, 0, e.comp_name.toLowerCase()])),
    tickerTexts: haystack(entries.map((e, i) => [i, 0, e.ticker.toLowerCase()])),
    former: haystack(entries.flatMap((e, i) => e.formerNames.map((n, slot) => [i, slot, n.toLowerCase()] as const))),
  };
}

// One directory per data date (imports and updates write it last), so no per-request version query.
const directories = new SnapshotCache<Db, Directory>(async (db) => buildDirectory(await listDirectory(db)));

async function currentDirectory(db: Db): Promise<Directory> {
  // Before any data date the key is '', which every real date sorts after.
  return directories.get(db, (await currentDataDate(db)) ?? '');
}

export async function largestInDirectory(db: Db, limit: number): Promise<Company[]> {
  return (await currentDirectory(db)).companies.slice(0, limit);
}

/** Match groups, best first (SPEC §7 search box). */
const EXACT_TICKER = 0;
const PREFIX = 1;
const FORMER_PREFIX = 2;
const CONTAINS = 3;
const FORMER_CONTAINS = 4;
const NO_MATCH = 5;

/** Raises each company with a text containing `needle` to `prefix` or `contains` if better; `onMark` gets the slot. */
function mark(
  hay: Haystack,
  needle: string,
  group: Uint8Array,
  prefix: number,
  contains: number,
  onMark?: (owner: number, slot: number) => void,
) {
  const { text, starts, owners, slots } = hay;
  let k = 0;
  for (let at = text.indexOf(needle); at >= 0; ) {
    // The text holding the hit: the last start at or before it (starts ascend, so move on from k).
    let lo = k;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= at) lo = mid;
      else hi = mid - 1;
    }
    k = lo;
    const owner = owners[k] as number;
    const g = at === starts[k] ? prefix : contains;
    if (g < (group[owner] as number)) {
      group[owner] = g;
      onMark?.(owner, slots[k] as number);
    }
    // Later hits in the same text cannot do better (a prefix hit is always a text's first).
    k += 1;
    if (k >= starts.length) break;
    at = text.indexOf(needle, starts[k] as number);
  }
}

// A former-name match carries that name, so the list shows why Meta answers 'facebook'.
/** SPEC §7 search box: best group first (exact ticker, prefixes, then contains), larger companies first within one. */
export async function searchDirectory(db: Db, text: string, limit: number): Promise<CompanyMatch[]> {
  const needle = text.toLowerCase();
  const dir = await currentDirectory(db);
  // The separator is never part of a match.
  if (needle === '' || needle.includes('\0')) return [];
  const group = new Uint8Array(dir.companies.length).fill(NO_MATCH);
  for (const i of dir.tickers.get(needle) ?? []) group[i] = EXACT_TICKER;
  mark(dir.tickerTexts, needle, group, PREFIX, CONTAINS);
  mark(dir.names, needle, group, PREFIX, CONTAINS);
  const formerSlot = new Map<number, number>();
  mark(dir.former, needle, group, FORMER_PREFIX, FORMER_CONTAINS, (owner, slot) => formerSlot.set(owner, slot));

  const out: CompanyMatch[] = [];
  for (let g = EXACT_TICKER; g < NO_MATCH && out.length < limit; g++) {
    for (let i = 0; i < group.length && out.length < limit; i++) {
      if (group[i] !== g) continue;
      const company = dir.companies[i] as Company;
      if (g === FORMER_PREFIX || g === FORMER_CONTAINS) {
        const slot = formerSlot.get(i) as number;
        out.push({ ...company, former_name: dir.formerNames[i]?.[slot] as string });
      } else out.push(company);
    }
  }
  return out;
}
