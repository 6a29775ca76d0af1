import { describe, expect, it } from 'vitest';
import { companyPaths, indexFiles, needsIndex, SITEMAP_URL_LIMIT, STATIC_PATHS, sitemapIndex, urlset } from './sitemap';

describe('sitemap', () => {
  it('lists all ten metric pages of a company', () => {
    const paths = companyPaths(['at-and-t-inc']);
    expect(paths).toHaveLength(10);
    expect(paths[0]).toBe('/companies/info/at-and-t-inc/stock-price');
    expect(paths.at(-1)).toBe('/companies/info/at-and-t-inc/total-liabilities');
  });

  it('switches to an index once the URLs pass 50,000', () => {
    const fits = Math.floor((SITEMAP_URL_LIMIT - STATIC_PATHS.length) / 10);
    expect(needsIndex(fits)).toBe(false);
    expect(needsIndex(fits + 1)).toBe(true);
    expect(indexFiles(12_001)).toEqual(['static.xml', 'companies-1.xml', 'companies-2.xml', 'companies-3.xml']);
  });

  it('writes valid, escaped XML', () => {
    expect(urlset('https://x.test', ['/a?b=1&c=2'])).toContain('<loc>https://x.test/a?b=1&amp;c=2</loc>');
    expect(sitemapIndex('https://x.test', ['static.xml'])).toContain(
      '<sitemap><loc>https://x.test/sitemaps/static.xml</loc></sitemap>',
    );
  });
});
