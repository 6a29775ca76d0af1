import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readSquad, readSquadArticles } from './squad';

const article = (title: string, context: string) => ({
  title,
  paragraphs: [
    { context, qas: [{ id: `${title}-0`, question: 'Where?', answers: [{ text: 'here', answer_start: 0 }] }] },
  ],
});

describe('readSquadArticles', () => {
  it('reads the articles of a plain or gzipped file one at a time, brackets and quotes inside strings included', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'squad-'));
    const data = {
      version: '1.1',
      data: [
        article('A', 'Braces { and [brackets] "quoted" \\ here.'),
        article('B', 'Plain text.'),
        article('C', 'Ünïcödé — “text”.'),
      ],
    };
    const plain = join(dir, 'a.json');
    const gz = join(dir, 'a.json.gz');
    writeFileSync(plain, JSON.stringify(data, null, 2));
    writeFileSync(gz, gzipSync(JSON.stringify(data)));
    for (const path of [plain, gz]) {
      const titles: string[] = [];
      for await (const a of readSquadArticles(path)) titles.push(a.title);
      expect(titles).toEqual(['A', 'B', 'C']);
      expect((await readSquad(path)).data).toEqual(data.data);
    }
  });

  it('reads an article split across many chunks of a large file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'squad-'));
    const long = 'word '.repeat(100_000);
    const path = join(dir, 'big.json');
    writeFileSync(path, JSON.stringify({ data: [article('Long', long), article('Next', 'x')] }));
    const got = (await readSquad(path)).data;
    expect(got.map((a) => a.title)).toEqual(['Long', 'Next']);
    expect(got[0]?.paragraphs[0]?.context).toBe(long);
  });

  it('says when a file has no data array', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'squad-'));
    const path = join(dir, 'x.json');
    writeFileSync(path, '[1, 2]');
    await expect(readSquad(path)).rejects.toThrow(/no "data" array/);
  });
});
