import { describe, expect, it } from 'vitest';
import { chunkDocument, joinPages, splitPages } from './chunk';

describe('chunkDocument', () => {
  const doc = joinPages([
    'Annual report of the company for the year that ended in December.\n\nRevenue grew strongly in every region of the world this year. The board is pleased with the re-\nsults and thanks all employees for their work.',
    'Segment results\nLaboratory    812    790\nField    648    560\n\nThe field segment sold more meters to farmers than ever before in its long history.',
  ]);
  const passages = chunkDocument(doc);

  it('tags every passage with its page and keeps offsets into the document', () => {
    expect(passages.map((p) => p.page)).toEqual([1, 2]);
    for (const p of passages) {
      const original = doc.slice(p.start, p.end);
      expect(original.startsWith(p.text.slice(0, 10))).toBe(true);
      expect(doc.slice(p.end - 5, p.end)).toBe(p.text.slice(-5));
    }
  });

  it('joins wrapped lines and undoes hyphenation at line ends', () => {
    expect(passages[0]?.text).toContain('pleased with the results and thanks');
  });

  it('carries a short heading into the next block and keeps table rows as lines', () => {
    const page2 = passages[1]?.text ?? '';
    expect(page2.split('\n')).toEqual([
      'Segment results',
      'Laboratory  812  790',
      'Field  648  560',
      'The field segment sold more meters to farmers than ever before in its long history.',
    ]);
  });

  it('splits sentences without breaking on abbreviations', () => {
    const [p] = chunkDocument(
      'Mr. Smith joined Acme Inc. in 2019 as the new head of sales. He left two years later for a rival.',
    );
    expect(p?.sentences.length).toBe(2);
    expect(p?.text.slice(...(p.sentences[0] ?? [0, 0]))).toBe(
      'Mr. Smith joined Acme Inc. in 2019 as the new head of sales.',
    );
  });

  it('cuts long blocks into passages that share a sentence at the seam', () => {
    const sentence = (i: number) => `Sentence number ${i} talks about a different topic in about ten words.`;
    const long = Array.from({ length: 30 }, (_, i) => sentence(i)).join(' ');
    const parts = chunkDocument(long, { maxWords: 40 });
    expect(parts.length).toBeGreaterThan(3);
    const lastOfFirst = parts[0]?.text.split('. ').pop();
    expect(parts[1]?.text.startsWith(lastOfFirst?.replace(/\.$/, '') ?? '?')).toBe(true);
  });

  it('treats text without page markers as page 1', () => {
    expect(splitPages('plain text')).toEqual([{ page: 1, start: 0, end: 10 }]);
  });
});
