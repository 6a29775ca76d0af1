import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';

export interface SquadQuestion {
  id: string;
  question: string;
  answers: Array<{ text: string; answer_start: number }>;
}

export interface SquadArticle {
  title: string;
  paragraphs: Array<{ context: string; qas: SquadQuestion[] }>;
}

/** SQuAD v1.1 file layout (only the fields the evaluation reads). */
export interface SquadFile {
  version?: string;
  data: SquadArticle[];
}

/**
 * The articles of a SQuAD-format file (plain or .gz) one at a time, without holding the file's
 * text: each element of the top-level "data" array is cut out by counting brackets outside
 * strings and parsed alone, so a file of any size reads in the memory of its largest article.
 */
export async function* readSquadArticles(path: string): AsyncGenerator<SquadArticle> {
  const raw = createReadStream(path);
  const stream = path.endsWith('.gz') ? raw.pipe(createGunzip()) : raw;
  stream.setEncoding('utf8');
  // States: before the data array, inside it between elements, inside an element.
  let seenData = false;
  let inArray = false;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let element: string[] = [];
  let start = -1;
  let keyBuffer = '';
  for await (const chunk of stream as AsyncIterable<string>) {
    start = depth > 0 ? 0 : -1;
    for (let i = 0; i < chunk.length; i += 1) {
      const c = chunk[i] as string;
      if (inString) {
        if (escaped) escaped = false;
        else if (c === '\\') escaped = true;
        else if (c === '"') inString = false;
        if (!inArray) keyBuffer += c;
        continue;
      }
      if (c === '"') {
        inString = true;
        if (!inArray) keyBuffer = '"';
        continue;
      }
      if (!inArray) {
        if (keyBuffer === '"data"' && c === '[') {
          seenData = true;
          inArray = true;
        } else if (c !== ':' && !/\s/.test(c)) keyBuffer = '';
        continue;
      }
      if (c === '{' || c === '[') {
        if (depth === 0) start = i;
        depth += 1;
      } else if (c === '}' || c === ']') {
        if (depth === 0) {
          inArray = false; // the end of the data array
          keyBuffer = '';
          continue;
        }
        depth -= 1;
        if (depth === 0) {
          element.push(chunk.slice(start, i + 1));
          yield JSON.parse(element.join('')) as SquadArticle;
          element = [];
          start = -1;
        }
      }
    }
    if (depth > 0 && start >= 0) element.push(chunk.slice(start));
  }
  if (!seenData) throw new Error(`${path}: no "data" array; is it a SQuAD-format file?`);
}

/** A whole SQuAD file (its articles read one at a time). */
export async function readSquad(path: string): Promise<SquadFile> {
  const data: SquadArticle[] = [];
  for await (const a of readSquadArticles(path)) data.push(a);
  return { data };
}

/** An article's paragraphs as one text, blank lines between them (passages never straddle two). */
export function articleText(article: SquadArticle): string {
  return article.paragraphs.map((p) => `${p.context}\n\n`).join('');
}
