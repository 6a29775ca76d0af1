import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { createGunzip, gunzipSync } from 'node:zlib';

/** A file's text lines with 1-based numbers; `.gz` files are decompressed on the fly. */
export async function* readLines(path: string): AsyncGenerator<{ line: number; text: string }> {
  const raw = createReadStream(path);
  const input = path.endsWith('.gz') ? raw.pipe(createGunzip()) : raw;
  const rl = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let line = 0;
  for await (const text of rl) {
    line++;
    // A byte-order mark would otherwise become part of the first header name.
    yield { line, text: line === 1 ? text.replace(/^\uFEFF/, '') : text };
  }
}

export async function readText(path: string): Promise<string> {
  const buf = await readFile(path);
  return (path.endsWith('.gz') ? gunzipSync(buf) : buf).toString('utf8').replace(/^\uFEFF/, '');
}

/** One CSV record (RFC 4180 quoting, no embedded line breaks — none of our sources have them). */
export function parseCsvLine(text: string): string[] {
  if (!text.includes('"')) return text.split(',');
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(field);
      field = '';
    } else field += ch;
  }
  out.push(field);
  return out;
}

export async function readCsv(path: string): Promise<Record<string, string>[]> {
  const rows: Record<string, string>[] = [];
  let header: string[] | null = null;
  for await (const { text } of readLines(path)) {
    if (text.trim() === '') continue;
    const cells = parseCsvLine(text);
    if (!header) {
      header = cells.map((c) => c.trim());
      continue;
    }
    const row: Record<string, string> = {};
    header.forEach((h, i) => {
      row[h] = cells[i] ?? '';
    });
    rows.push(row);
  }
  return rows;
}
