import { splitPages } from './chunk';
import { countWords } from './text';

/** What the pre-flight line says about a document before any question is asked. */
export interface DocumentStats {
  pages: number;
  words: number;
  /** Pages without a single word: scanned images without a text layer. */
  emptyPages: number[];
}

export function documentStats(text: string): DocumentStats {
  const spans = splitPages(text);
  const emptyPages: number[] = [];
  let words = 0;
  for (const s of spans) {
    const n = countWords(text.slice(s.start, s.end));
    if (n === 0) emptyPages.push(s.page);
    words += n;
  }
  return { pages: spans.length, words, emptyPages };
}
