/** Words that carry no meaning for retrieval or for matching a question to a passage. */
export const STOPWORDS: ReadonlySet<string> = new Set(
  `a about above after again against all am an and any are as at be because been before being below between both but by
  can could did do does doing down during each few for from further had has have having he her here hers herself him
  himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other
  our ours ourselves out over own same she should so some such than that the their theirs them themselves then there
  these they this those through to too under until up very was we were what when where which while who whom whose why
  will with would you your yours yourself yourselves also did does many much per s t than whats`
    .split(/\s+/)
    .filter(Boolean),
);

export interface WordSpan {
  /** Lower-case, without thousands separators. */
  word: string;
  start: number;
  end: number;
}

// Numbers keep their decimal point and thousands separators (1,234.5) so "$1,234.5 million" stays one word.
const WORD = /[\p{L}\p{N}]+(?:[.,'’][\p{L}\p{N}]+)*/gu;

export function wordSpans(text: string): WordSpan[] {
  const out: WordSpan[] = [];
  for (const m of text.matchAll(WORD)) {
    const raw = m[0];
    const word = /^\d/.test(raw) ? raw.replace(/,/g, '') : raw.toLowerCase().replace(/’/g, "'");
    out.push({ word, start: m.index, end: m.index + raw.length });
  }
  return out;
}

/** A light suffix stripper ("revenues" → "revenue") without a dictionary; numbers and short words pass unchanged. */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  let w = word.replace(/'s$/, '');
  if (w.endsWith('ies') && w.length > 4) return `${w.slice(0, -3)}y`;
  if (w.endsWith('sses')) return w.slice(0, -2);
  if (w.endsWith('ing') && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith('ed') && w.length > 4) w = w.slice(0, -2);
  else if (w.endsWith('es') && w.length > 4 && /(?:ch|sh|x|z|ss)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) w = w.slice(0, -1);
  else if (w.endsWith('ly') && w.length > 5) w = w.slice(0, -2);
  if (w.endsWith('e') && w.length > 4) w = w.slice(0, -1);
  return w;
}

// Synonyms annual reports use interchangeably: "net sales" finds "revenue", "net earnings" finds "net income".
const SYNONYMS: ReadonlyMap<string, string> = new Map([
  ['sale', 'revenu'],
  ['turnover', 'revenu'],
  ['earn', 'incom'],
  ['client', 'customer'],
  ['purchas', 'buy'],
  ['repurchas', 'buyback'],
  ['buyback', 'buyback'],
]);

export function termOf(word: string): string {
  const s = stem(word);
  return SYNONYMS.get(s) ?? s;
}

/** Index terms of a text: content words, stemmed, synonyms folded. */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const { word } of wordSpans(text)) {
    if (!STOPWORDS.has(word)) out.push(termOf(word));
  }
  return out;
}

export function countWords(text: string): number {
  let n = 0;
  for (const _ of text.matchAll(WORD)) n += 1;
  return n;
}
