import { ALL_METRIC_KEYS } from '@app/shared/metrics';
import { describe, expect, it } from 'vitest';
import {
  COMPANIES_PER_FILE,
  companyPaths,
  indexFiles,
  needsIndex,
  SITEMAP_URL_LIMIT,
  STATIC_PATHS,
  sitemapIndex,
  urlset,
} from './sitemap';

describe('sitemap', () => {
  it('lists every metric page of a company and its statements', () => {
    const paths = companyPaths(['at-and-t-inc']);
    expect(paths).toHaveLength(ALL_METRIC_KEYS.length + 1);
    expect(paths[0]).toBe('/companies/info/at-and-t-inc/stock-price');
    expect(paths).toContain('/companies/info/at-and-t-inc/total-liabilities');
    expect(paths).toContain('/companies/info/at-and-t-inc/free-cash-flow');
    expect(paths.at(-1)).toBe('/companies/info/at-and-t-inc/statements');
  });

  it('switches to an index once the URLs pass 50,000', () => {
    const fits = Math.floor((SITEMAP_URL_LIMIT - STATIC_PATHS.length) / (ALL_METRIC_KEYS.length + 1));
    expect(needsIndex(fits)).toBe(false);
    expect(needsIndex(fits + 1)).toBe(true);
    expect(indexFiles(2_001)).toEqual(['static.xml', 'companies-1.xml', 'companies-2.xml', 'companies-3.xml']);
    // A file of the index stays under the protocol's limit.
    expect(companyPaths(Array.from({ length: COMPANIES_PER_FILE }, (_, i) => `c${i}`)).length).toBeLessThanOrEqual(
      SITEMAP_URL_LIMIT,
    );
  });

  it('writes valid, escaped XML', () => {
    expect(urlset('https://x.test', ['/a?b=1&c=2'])).toContain('<loc>https://x.test/a?b=1&amp;c=2</loc>');
    expect(sitemapIndex('https://x.test', ['static.xml'])).toContain(
      '<sitemap><loc>https://x.test/sitemaps/static.xml</loc></sitemap>',
    );
  });
});
