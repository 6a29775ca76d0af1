import { Bm25Index, type Hit } from './bm25';
import type { Passage } from './chunk';
import { splitPages } from './chunk';
import type { Table } from './tables';
import { STOPWORDS, termOf, terms, wordSpans } from './text';

// Passages are short windows, good for reading but short for ranking: a passage scores with its block (paragraph or
// table) plus a bonus for question words close together, and only each block's best passage returns. Words of 5+
// letters are also indexed by their first four letters ("located" ~ "location").

/** Weight of the block's score next to the passage's own. */
const BLOCK_WEIGHT = 3;
/** Bonus per distinct question word inside the best 20-word window of the passage. */
const NEAR_WEIGHT = 0.5;
const NEAR_WINDOW = 20;
const PREFIX = 4;

/** Prefix terms of a text's longer content words ("located" → "~loca"), for those whose term `keep` accepts. */
export function prefixesOf(text: string, keep: (term: string) => boolean = () => true): string[] {
  const out: string[] = [];
  for (const { word } of wordSpans(text)) {
    if (word.length > PREFIX && !STOPWORDS.has(word) && !/\d/.test(word) && keep(termOf(word)))
      out.push(`~${word.slice(0, PREFIX)}`);
  }
  return out;
}

export function indexTerms(text: string): string[] {
  return [...terms(text), ...prefixesOf(text)];
}

function blocksOf(text: string): Array<{ start: number; end: number }> {
  const out: Array<{ start: number; end: number }> = [];
  for (const page of splitPages(text)) {
    const body = text.slice(page.start, page.end);
    for (const m of body.matchAll(/[^\n]*(?:\n(?![ \t]*\n)[^\n]*)*/g)) {
      if (m[0].trim()) out.push({ start: page.start + m.index, end: page.start + m.index + m[0].length });
    }
  }
  return out;
}

export class PassageIndex {
  private readonly passageIndex: Bm25Index;
  private readonly blockIndex: Bm25Index;
  private readonly blockOf: Int32Array;
  private readonly words: string[][];

  constructor(text: string, passages: readonly Passage[], tables: readonly Table[]) {
    this.words = passages.map((p) => wordSpans(p.text).map((w) => (STOPWORDS.has(w.word) ? '' : termOf(w.word))));
    // A passage holding rows of a table is indexed with the table's caption and column headers,
    // so rows cut away from their header still answer to "net sales in 2019".
    this.passageIndex = new Bm25Index(
      passages.map((p) => {
        const own = indexTerms(p.text);
        for (const t of tables) {
          if (t.end <= p.start || t.start >= p.end || p.start <= t.start) continue;
          own.push(...indexTerms(`${t.caption} ${t.columns.map((c) => c.header).join(' ')}`));
        }
        return own;
      }),
    );
    const blocks = blocksOf(text);
    this.blockIndex = new Bm25Index(blocks.map((b) => indexTerms(text.slice(b.start, b.end))));
    this.blockOf = Int32Array.from(passages, (p) => {
      let lo = 0;
      let hi = blocks.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if ((blocks[mid]?.start ?? 0) <= p.start) lo = mid;
        else hi = mid - 1;
      }
      return lo;
    });
  }

  get size(): number {
    return this.passageIndex.size;
  }

  has(term: string): boolean {
    return this.passageIndex.has(term);
  }

  idf(term: string): number {
    return this.passageIndex.idf(term);
  }

  /** The best `limit` passages, at most `perBlock` of each block, best first. */
  search(queryTerms: readonly string[], limit: number, prefixes: readonly string[] = [], perBlock = 1): Hit[] {
    const query = [...new Set([...queryTerms, ...prefixes])];
    const own = this.passageIndex.search(query, this.passageIndex.size);
    if (own.length === 0) return [];
    const blockScore = new Map<number, number>();
    for (const h of this.blockIndex.search(query, this.blockIndex.size)) blockScore.set(h.doc, h.score);
    const asked = new Set(queryTerms);
    const scored = own.map((h) => ({
      doc: h.doc,
      score:
        h.score +
        BLOCK_WEIGHT * (blockScore.get(this.blockOf[h.doc] ?? -1) ?? 0) +
        NEAR_WEIGHT * this.nearest(h.doc, asked),
    }));
    scored.sort((x, y) => y.score - x.score || x.doc - y.doc);
    const out: Hit[] = [];
    const taken = new Map<number, number>();
    for (const h of scored) {
      const block = this.blockOf[h.doc] ?? -1;
      const n = taken.get(block) ?? 0;
      if (n >= perBlock) continue;
      taken.set(block, n + 1);
      out.push(h);
      if (out.length === limit) break;
    }
    return out;
  }

  private nearest(doc: number, asked: ReadonlySet<string>): number {
    const words = this.words[doc] ?? [];
    let best = 0;
    for (let i = 0; i < words.length; i += 1) {
      if (!asked.has(words[i] ?? '')) continue;
      const seen = new Set<string>();
      for (let j = i; j < Math.min(words.length, i + NEAR_WINDOW); j += 1) {
        const w = words[j] ?? '';
        if (asked.has(w)) seen.add(w);
      }
      best = Math.max(best, seen.size);
    }
    return best;
  }
}
