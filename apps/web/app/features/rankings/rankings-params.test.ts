import { describe, expect, it } from 'vitest';
import { rankingsApiPath, rankingTypeOf, searchOf, viewFromUrl } from './rankings-params';
import { rankingSitemapPaths } from './sitemap';

const view = (path: string) => viewFromUrl(new URL(path, 'https://x.test'));

describe('rankings URL', () => {
  it('takes the type from the path, sub-paths included', () => {
    expect(rankingTypeOf('/companies/annual-returns-rankings')).toBe('annual-returns');
    expect(rankingTypeOf('/companies/dollar-volume-rankings/2020/top')).toBe('dollar-volume');
    expect(rankingTypeOf('/companies/market-cap-rankings')).toBe('market-cap');
  });

  it('normalises year and page as SPEC §5 says', () => {
    expect(view('/companies/market-cap-rankings?year=abc&page=-3')).toMatchObject({ year: 2024, page: 1 });
    expect(view('/companies/market-cap-rankings')).toMatchObject({ year: 2024, page: 1 });
    expect(view('/companies/market-cap-rankings?year=2010&page=2.5')).toMatchObject({ year: 2010, page: 1 });
    expect(view('/companies/market-cap-rankings?year=1800').year).toBe(1999);
    expect(view('/companies/market-cap-rankings?year=3000').year).toBe(new Date().getUTCFullYear() - 1);
  });

  it('keeps filters, drops unknown ones, and builds the API call with filters only when set', () => {
    const v = view('/companies/annual-returns-rankings?year=2020&page=3&sect=8&mkCap=mega&yChange=bogus&name=+acme+');
    expect(v).toMatchObject({ type: 'annual-returns', sect: 8, mkCap: 'mega', yChange: 'any', name: ' acme ' });
    expect(searchOf(v)).toBe('year=2020&page=3&name=acme&mkCap=mega&sect=8');
    expect(rankingsApiPath(v)).toBe(
      '/api/companies/top?year=2020&pageNumber=3&type=annual-returns&name=acme&mkCap=mega&sect=8',
    );
  });

  it('lists each type for every year in the sitemap', () => {
    const paths = rankingSitemapPaths(new Date('2026-11-23T00:00:00Z'));
    expect(paths).toHaveLength(3 * 27);
    expect(paths[0]).toBe('/companies/market-cap-rankings?year=2025');
    expect(paths).toContain('/companies/dollar-volume-rankings?year=1999');
  });
});
