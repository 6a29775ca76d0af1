import { STOPWORDS, stem, type WordSpan } from './text';

// Lexicalised features, where the SQuAD paper's logistic regression drew most of its strength, hashed into a table
// per family: `wh` (wh-word × span kind, tags, outside words), `heads` (question head noun × span head), `context`
// (words beside the span × question words), `path` (tags between span and matched words: a surface dependency path).

export const LEXICAL_FAMILIES = ['wh', 'heads', 'context', 'path'] as const;
export type LexicalFamily = (typeof LEXICAL_FAMILIES)[number];
/** log2 of each family's table size. */
export const FAMILY_BITS: Record<LexicalFamily, number> = { wh: 15, heads: 17, context: 18, path: 16 };

export const FAMILY_OFFSET: Record<LexicalFamily, number> = (() => {
  const out = {} as Record<LexicalFamily, number>;
  let at = 0;
  for (const f of LEXICAL_FAMILIES) {
    out[f] = at;
    at += 2 ** FAMILY_BITS[f];
  }
  return out;
})();
export const LEXICAL_SIZE = LEXICAL_FAMILIES.reduce((n, f) => n + 2 ** FAMILY_BITS[f], 0);

export function familyOf(index: number): LexicalFamily {
  let family: LexicalFamily = LEXICAL_FAMILIES[0];
  for (const f of LEXICAL_FAMILIES) if (index >= FAMILY_OFFSET[f]) family = f;
  return family;
}

/** 32-bit FNV-1a of a string: stable across runs and platforms, so weights and features agree. */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i += 1) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function coarseTag(tags: readonly string[] | undefined): string {
  if (!tags || tags.length === 0) return 'o';
  if (tags.includes('Value') || tags.includes('Cardinal')) return '#';
  if (tags.includes('Determiner')) return 'd';
  if (tags.includes('Preposition')) return 'i';
  if (tags.includes('Conjunction')) return 'c';
  if (tags.includes('Pronoun')) return 'p';
  if (tags.includes('ProperNoun')) return 'N';
  if (tags.includes('Noun')) return 'n';
  if (tags.includes('Verb')) return 'v';
  if (tags.includes('Adjective')) return 'a';
  if (tags.includes('Adverb')) return 'r';
  return 'o';
}

export interface LexicalQuestion {
  /** The wh-word, "how" with the word after it ("how many"), or "none". */
  wh: string;
  head: string;
  terms: string[];
  bigrams: Set<string>;
  /** Per question term: its side and distance against the wh-word ("L2", "R1", "R4+"). */
  side: Map<string, string>;
}

const WH = /^(?:what|which|who|whom|whose|when|where|why|how)$/;
const HOW_NEXT = /^(?:many|much|long|old|far|large|big|high|often|tall|few|late|early|fast)$/;
const COPULA = /^(?:is|was|are|were|be|been|does|did|do|has|have|had)$/;

const distance = (d: number) => (d >= 4 ? '4+' : String(d));

export function lexicalQuestion(
  words: readonly WordSpan[],
  tags: ReadonlyArray<readonly string[]>,
  termOf: (w: string) => string,
): LexicalQuestion {
  const at = words.findIndex((w) => WH.test(w.word));
  let wh = at >= 0 ? (words[at]?.word as string) : 'none';
  let from = at + 1;
  if (wh === 'how' && HOW_NEXT.test(words[at + 1]?.word ?? '')) {
    wh = `how ${words[at + 1]?.word}`;
    from += 1;
  }
  let head = wh;
  if (at >= 0) {
    for (let i = from; i < Math.min(words.length, from + 5); i += 1) {
      const w = words[i]?.word ?? '';
      const t = tags[i] ?? [];
      if (COPULA.test(w) || STOPWORDS.has(w)) continue;
      if (t.includes('Noun') || t.includes('Value')) head = stem(w);
      break;
    }
  }
  const terms: string[] = [];
  const side = new Map<string, string>();
  let prev: string | null = null;
  const bigrams = new Set<string>();
  for (const [i, w] of words.entries()) {
    if (STOPWORDS.has(w.word) || WH.test(w.word)) {
      prev = null;
      continue;
    }
    const t = termOf(w.word);
    if (!terms.includes(t) && terms.length < 8) terms.push(t);
    if (at >= 0 && !side.has(t)) side.set(t, `${i < at ? 'L' : 'R'}${distance(Math.abs(i - at))}`);
    if (prev) bigrams.add(`${prev} ${t}`);
    prev = t;
  }
  return { wh, head, terms, bigrams, side };
}

export interface LexicalSpan {
  words: readonly WordSpan[];
  tags: ReadonlyArray<readonly string[]>;
  terms: ReadonlyArray<string | null>;
  first: number;
  last: number;
  kind: string;
  /** The span's head category (person, place, value, noun, …). */
  head: string;
}

export interface LexicalRow {
  idx: number[];
  val: number[];
}

/** How many matched question words a span's path features look at, nearest first. */
const PATHS = 3;
/** Matched words farther than this from the span give no path feature. */
const PATH_REACH = 10;

export function lexicalFeatures(
  q: LexicalQuestion,
  s: LexicalSpan,
  families: ReadonlySet<LexicalFamily>,
  termOf: (w: string) => string,
): LexicalRow {
  const row: LexicalRow = { idx: [], val: [] };
  const put = (family: LexicalFamily, key: string, value = 1) => {
    row.idx.push(FAMILY_OFFSET[family] + (fnv1a(key) & (2 ** FAMILY_BITS[family] - 1)));
    row.val.push(value);
  };
  const { words, tags, first, last } = s;
  const stemAt = (i: number) => {
    const w = words[i]?.word;
    return w === undefined ? (i < 0 ? '<s>' : '</s>') : stem(w);
  };
  const spanTags = `${coarseTag(tags[first])}${last > first ? coarseTag(tags[last]) : ''}`;
  const headWord = stemAt(last);
  if (families.has('wh')) {
    put('wh', `${q.wh}|k|${s.kind}`);
    put('wh', `${q.wh}|h|${s.head}`);
    put('wh', `${q.wh}|t|${spanTags}|${Math.min(4, last - first + 1)}`);
    put('wh', `${q.wh}|p|${stemAt(first - 1)}`);
    put('wh', `${q.wh}|n|${stemAt(last + 1)}`);
    put('wh', `${q.wh}|pn|${stemAt(first - 1)}|${stemAt(last + 1)}`);
  }
  if (families.has('heads')) {
    put('heads', `${q.head}|w|${headWord}`);
    put('heads', `${q.head}|h|${s.head}`);
    put('heads', `${q.head}|k|${s.kind}`);
    put('heads', `${q.wh}|w|${headWord}`);
  }
  if (families.has('context')) contextFeatures(q, s, put, stemAt, termOf);
  if (families.has('path')) pathFeatures(q, s, put);
  return row;
}

type Put = (family: LexicalFamily, key: string, value?: number) => void;

function contextFeatures(
  q: LexicalQuestion,
  s: LexicalSpan,
  put: Put,
  stemAt: (i: number) => string,
  termOf: (w: string) => string,
) {
  const { first, last, words } = s;
  for (let d = 1; d <= 2; d += 1) {
    for (const [dir, i] of [
      ['L', first - d],
      ['R', last + d],
    ] as const) {
      const w = stemAt(i);
      put('context', `${q.wh}|${dir}${d}|${w}`);
      if (i < 0 || i >= words.length || STOPWORDS.has(words[i]?.word ?? '')) continue;
      const t = termOf(words[i]?.word ?? '');
      for (const qt of q.terms) put('context', `${qt}|~|${t}`);
    }
  }
  // A question bigram just left or right of the span: "the *Norman conquest* of X".
  const bigramAt = (a: number) => {
    const x = s.terms[a];
    const y = s.terms[a + 1];
    return x && y && q.bigrams.has(`${x} ${y}`);
  };
  for (let a = Math.max(0, first - 4); a + 1 < first; a += 1) if (bigramAt(a)) put('context', 'bigram|L');
  for (let a = last + 1; a + 1 < Math.min(words.length, last + 5); a += 1) if (bigramAt(a)) put('context', 'bigram|R');
}

function pathFeatures(q: LexicalQuestion, s: LexicalSpan, put: Put) {
  const { first, last, words, tags, terms } = s;
  const seen = new Set<string>();
  // Matched words nearest the span first, alternating sides.
  let taken = 0;
  for (let d = 1; d <= PATH_REACH && taken < PATHS; d += 1) {
    for (const i of [first - d, last + d]) {
      const term = terms[i];
      if (i < 0 || i >= words.length || !term || seen.has(term)) continue;
      seen.add(term);
      taken += 1;
      const dir = i < first ? 'L' : 'R';
      let between = '';
      const [a, b] = i < first ? [i + 1, first - 1] : [last + 1, i - 1];
      for (let k = a; k <= b; k += 1) {
        const c = coarseTag(tags[k]);
        // Runs of one tag read as one ("the big red" → "da").
        if (between[between.length - 1] !== c) between += c;
      }
      if (between.length > 5) between = `${between.slice(0, 2)}…${between.slice(-2)}`;
      const path = `${dir}|${between}`;
      put('path', path);
      put('path', `${path}|q|${q.side.get(term) ?? '?'}`);
      put('path', `${q.wh}|${path}`);
    }
  }
}
