import { describe, expect, it } from 'vitest';
import { joinPages } from './chunk';
import { documentStats } from './stats';

describe('documentStats', () => {
  it('counts pages, words and pages without text', () => {
    expect(documentStats(joinPages(['Two words', '', 'three more words']))).toEqual({
      pages: 3,
      words: 5,
      emptyPages: [2],
    });
  });
});
