import { describe, expect, it } from 'vitest';
import { chunkDocument } from './chunk';
import { indexTerms, PassageIndex, prefixesOf } from './retrieval';
import { findTables } from './tables';
import { terms } from './text';

function indexOf(text: string, maxWords = 90) {
  const passages = chunkDocument(text, { maxWords });
  return { passages, index: new PassageIndex(text, passages, findTables(text)) };
}

describe('PassageIndex', () => {
  it('indexes longer words by their first letters too, so a word finds its derivations', () => {
    expect(indexTerms('located in Dayton')).toEqual(['locat', 'dayton', '~loca', '~dayt']);
    const { passages, index } = indexOf(
      'The plant sits in Dayton, close to the river.\n\nThe location of the warehouse is Columbus, next to the airport.',
      10,
    );
    const question = 'Where is the warehouse located?';
    const hit = index.search(terms(question), 1, prefixesOf(question))[0];
    expect(passages[hit?.doc ?? -1]?.text).toContain('Columbus');
  });

  it('returns at most one passage of each block, ranked with the words of the whole block', () => {
    const paragraph = (topic: string, n: number) =>
      Array.from(
        { length: n },
        (_, i) => `The ${topic} report covers item ${i} of the ${topic} programme in detail.`,
      ).join(' ');
    const text = `${paragraph('harbour', 12)}\n\n${paragraph('orchard', 12)}\n\n${paragraph('harbour', 2)}`;
    const { passages, index } = indexOf(text, 30);
    expect(passages.length).toBeGreaterThan(4);
    const starts = [0, text.indexOf('\n\n') + 2, text.lastIndexOf('\n\n') + 2];
    const blockOf = (start: number) => starts.filter((s) => s <= start).length - 1;
    const hits = index.search(terms('harbour report'), 5);
    const blocks = hits.map((h) => blockOf(passages[h.doc]?.start ?? 0));
    // Three blocks mention a report: one passage of each, the orchard block last.
    expect(blocks).toHaveLength(3);
    expect(new Set(blocks).size).toBe(3);
    expect(blocks[2]).toBe(1);
  });

  it('leaves out passages that share no word with the question', () => {
    const { index } = indexOf('Soil meters are sold to farmers.\n\nThe board approved a dividend.');
    expect(index.search(terms('quarterly dividend'), 5)).toHaveLength(1);
    expect(index.search(terms('submarine'), 5)).toEqual([]);
  });
});
