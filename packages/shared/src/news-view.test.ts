import { describe, expect, it } from 'vitest';
import type { NewsItem } from './news.ts';
import { matchesNews, parseNewsCategory } from './news-view.ts';

const ITEM: NewsItem = {
  id: 'x',
  title: 'Crude slips below $70',
  summary: 'Inventories build for a second week.',
  author: 'A. Writer',
  date: '2026-11-19',
  category: 'Energy',
  readTime: 3,
  impact: 'medium',
};

describe('matchesNews', () => {
  it('matches the title or the summary in any case', () => {
    expect(matchesNews(ITEM, 'CRUDE', null)).toBe(true);
    expect(matchesNews(ITEM, 'second WEEK', null)).toBe(true);
    expect(matchesNews(ITEM, 'gold', null)).toBe(false);
  });
  it('combines the words with the category', () => {
    expect(matchesNews(ITEM, 'crude', 'Energy')).toBe(true);
    expect(matchesNews(ITEM, 'crude', 'Markets')).toBe(false);
    expect(matchesNews(ITEM, '', 'Markets')).toBe(false);
  });
  it('ignores surrounding spaces; blank text matches everything', () => {
    expect(matchesNews(ITEM, '  crude ', null)).toBe(true);
    expect(matchesNews(ITEM, '   ', null)).toBe(true);
  });
});

describe('parseNewsCategory', () => {
  it('reads a category in any case and refuses the rest', () => {
    expect(parseNewsCategory('energy')).toBe('Energy');
    expect(parseNewsCategory('Crypto')).toBe('Crypto');
    expect(parseNewsCategory('All')).toBeNull();
    expect(parseNewsCategory('sports')).toBeNull();
    expect(parseNewsCategory(null)).toBeNull();
  });
});
