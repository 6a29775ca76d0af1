import { countWords } from './text';

/** Sentences or table rows of one page, cleaned; `start`/`end` point into the original text for scrolling to. */
export interface Passage {
  id: number;
  page: number;
  text: string;
  start: number;
  end: number;
  sentences: Array<[number, number]>;
}

export interface ChunkOptions {
  maxWords?: number;
}

/** The line that opens each page in the document text, so edits keep their page numbers. */
export function pageMarker(page: number): string {
  return `--- Page ${page} ---`;
}

const PAGE_MARKER = /^--- Page (\d+) ---[ \t]*$/gm;

export function joinPages(pages: readonly string[]): string {
  // Only blank lines are trimmed: a first line's indentation places a table header's columns.
  return pages.map((text, i) => `${pageMarker(i + 1)}\n${text.replace(/^\s*\n/, '').trimEnd()}\n`).join('\n');
}

export interface PageSpan {
  page: number;
  start: number;
  end: number;
}

export function splitPages(text: string): PageSpan[] {
  const spans: PageSpan[] = [];
  let page = 1;
  let start = 0;
  for (const m of text.matchAll(PAGE_MARKER)) {
    if (m.index > start) spans.push({ page, start, end: m.index });
    page = Number(m[1]);
    start = m.index + m[0].length;
  }
  if (start < text.length) spans.push({ page, start, end: text.length });
  return spans;
}

interface Mapped {
  text: string;
  map: number[];
}

interface Sentence {
  text: string;
  start: number;
  end: number;
  words: number;
  row: boolean;
}

// Two or more numeric cells, or cells separated by wide gaps: a row of a table, not prose.
const NUMBER_CELL = /(?:^|\s)[-(]?\$?\d[\d,]*(?:\.\d+)?%?\)?(?=\s|$)/g;
function isTableRow(line: string): boolean {
  if (/\S(?:\t| {3,})\S/.test(line)) return true;
  const cells = line.match(NUMBER_CELL)?.length ?? 0;
  return cells >= 2 && !/[.!?]$/.test(line.trim()) && countWords(line) <= 16;
}

// Abbreviations that end with a period but do not end a sentence.
const ABBREVIATION =
  /(?:\b(?:Mr|Mrs|Ms|Dr|Prof|Inc|Corp|Co|Ltd|No|vs|St|Jr|Sr|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|approx|e\.g|i\.e|etc|U\.S|[A-Z]))\.$/;

function splitSentences(block: Mapped): Sentence[] {
  const out: Sentence[] = [];
  const { text, map } = block;
  const boundary = /[.!?]["'’”)]*\s+(?=["'“(]?[A-Z0-9$])/g;
  let from = 0;
  const push = (end: number) => {
    const raw = text.slice(from, end);
    const lead = raw.length - raw.trimStart().length;
    const body = raw.trim();
    if (body) {
      const s = from + lead;
      const e = s + body.length;
      out.push({ text: body, start: map[s] ?? 0, end: (map[e - 1] ?? 0) + 1, words: countWords(body), row: false });
    }
  };
  for (const m of text.matchAll(boundary)) {
    const end = m.index + m[0].trimEnd().length;
    if (ABBREVIATION.test(text.slice(Math.max(from, m.index - 6), m.index + 1))) continue;
    push(end);
    from = end;
  }
  push(text.length);
  return out;
}

// Rejoins words hyphenated across line breaks and wrapped lines; table rows stay lines of their own.
function blockSentences(doc: string, start: number, end: number): Sentence[] {
  const out: Sentence[] = [];
  let prose: Mapped = { text: '', map: [] };
  const flush = () => {
    if (prose.text.trim()) out.push(...splitSentences(prose));
    prose = { text: '', map: [] };
  };
  for (let pos = start; pos < end; ) {
    const nl = doc.indexOf('\n', pos);
    const lineEnd = nl === -1 || nl > end ? end : nl;
    const raw = doc.slice(pos, lineEnd);
    const lead = raw.length - raw.trimStart().length;
    const line = raw.trim();
    const lineStart = pos + lead;
    pos = lineEnd + 1;
    if (!line) continue;
    if (isTableRow(line)) {
      flush();
      out.push({
        text: line.replace(/\s{2,}|\t/g, '  '),
        start: lineStart,
        end: lineStart + line.length,
        words: countWords(line),
        row: true,
      });
      continue;
    }
    if (prose.text) {
      if (/\p{L}-$/u.test(prose.text) && /^\p{Ll}/u.test(line)) {
        prose.text = prose.text.slice(0, -1);
        prose.map.pop();
      } else {
        prose.text += ' ';
        prose.map.push(lineStart - 1);
      }
    }
    prose.text += line;
    for (let i = 0; i < line.length; i += 1) prose.map.push(lineStart + i);
  }
  flush();
  return out;
}

function makePassage(id: number, page: number, sentences: Sentence[]): Passage {
  let text = '';
  const bounds: Array<[number, number]> = [];
  for (const [i, s] of sentences.entries()) {
    if (i > 0) text += s.row || sentences[i - 1]?.row ? '\n' : ' ';
    bounds.push([text.length, text.length + s.text.length]);
    text += s.text;
  }
  const first = sentences[0];
  const last = sentences[sentences.length - 1];
  return { id, page, text, start: first?.start ?? 0, end: last?.end ?? 0, sentences: bounds };
}

// Passages of whole sentences that never cross a page. Short blocks (headings, captions) are carried into the next
// passage; passages of one block share a sentence, so an answer on the seam is whole in one of them.
export function chunkDocument(text: string, options: ChunkOptions = {}): Passage[] {
  const maxWords = options.maxWords ?? 90;
  const passages: Passage[] = [];
  for (const span of splitPages(text)) {
    let carry: Sentence[] = [];
    const blocks = text.slice(span.start, span.end).split(/\n[ \t]*\n/);
    let offset = span.start;
    for (const block of blocks) {
      const sentences = blockSentences(text, offset, offset + block.length);
      offset += block.length;
      const gap = /^\n[ \t]*\n/.exec(text.slice(offset));
      offset += gap ? gap[0].length : 0;
      if (sentences.length === 0) continue;
      const all = [...carry, ...sentences];
      const words = all.reduce((n, s) => n + s.words, 0);
      if (words < 15) {
        carry = all;
        continue;
      }
      carry = [];
      let current: Sentence[] = [];
      let count = 0;
      for (const s of all) {
        if (count > 0 && count + s.words > maxWords) {
          passages.push(makePassage(passages.length, span.page, current));
          const tail = current[current.length - 1];
          current = tail && current.length > 1 && !tail.row ? [tail] : [];
          count = current.reduce((n, x) => n + x.words, 0);
        }
        current.push(s);
        count += s.words;
      }
      if (current.length > 0) passages.push(makePassage(passages.length, span.page, current));
    }
    if (carry.length > 0) passages.push(makePassage(passages.length, span.page, carry));
  }
  return passages;
}
