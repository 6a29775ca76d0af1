import { COMPANY_SLUGS_PAGE_SIZE, type CompanySlugsResponse } from '@app/shared/companies';
import { ALL_METRIC_KEYS } from '@app/shared/metrics';
import type { AppLoadContext } from 'react-router';
import { apiGet } from '../../lib/api-client';

/** The sitemap protocol's limit; above it /sitemap.xml becomes an index. */
export const SITEMAP_URL_LIMIT = 50_000;

/** Account and simulator pages stay out, as robots.txt says. */
export const STATIC_PATHS = [
  '/',
  '/screener',
  '/screener/advanced',
  '/screener/map',
  '/companies/info',
  '/companies/compare',
  '/companies/market-cap-rankings',
  '/companies/annual-returns-rankings',
  '/companies/dollar-volume-rankings',
  '/news',
  '/doc-qa',
  '/simulator/leaderboard',
  '/simulator/games',
  '/privacy',
  '/terms',
  '/disclosures',
] as const;

/** Each company's metric pages and its statements; the bare company URL redirects, so it is not listed. */
export function companyPaths(slugs: string[]): string[] {
  return slugs.flatMap((slug) => [
    ...ALL_METRIC_KEYS.map((metric) => `/companies/info/${slug}/${metric}`),
    `/companies/info/${slug}/statements`,
  ]);
}

const PATHS_PER_COMPANY = ALL_METRIC_KEYS.length + 1;

/** Companies per sitemap file of an index: a slugs page split in parts that stay under the URL limit. */
export const COMPANIES_PER_FILE = 1000;
const FILES_PER_SLUG_PAGE = COMPANY_SLUGS_PAGE_SIZE / COMPANIES_PER_FILE;

export function needsIndex(companyCount: number, otherPaths = 0): boolean {
  return STATIC_PATHS.length + otherPaths + companyCount * PATHS_PER_COMPANY > SITEMAP_URL_LIMIT;
}

export function indexFiles(companyCount: number): string[] {
  const files = Math.ceil(companyCount / COMPANIES_PER_FILE);
  return ['static.xml', ...Array.from({ length: files }, (_, i) => `companies-${i + 1}.xml`)];
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch] ?? ch,
  );

export function urlset(siteUrl: string, paths: readonly string[]): string {
  const urls = paths.map((p) => `<url><loc>${escapeXml(`${siteUrl}${p}`)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function sitemapIndex(siteUrl: string, files: readonly string[]): string {
  const items = files.map((f) => `<sitemap><loc>${escapeXml(`${siteUrl}/sitemaps/${f}`)}</loc></sitemap>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}\n</sitemapindex>\n`;
}

function slugPage(page: number, context: AppLoadContext) {
  return apiGet<CompanySlugsResponse>(`/api/companies/slugs?page=${page}`, { context });
}

export async function rootSitemap(context: AppLoadContext, otherPaths: readonly string[] = []): Promise<string> {
  const first = await slugPage(1, context);
  if (needsIndex(first.total, otherPaths.length)) return sitemapIndex(context.siteUrl, indexFiles(first.total));
  return urlset(context.siteUrl, [...STATIC_PATHS, ...otherPaths, ...companyPaths(first.slugs)]);
}

export async function partSitemap(
  file: string,
  context: AppLoadContext,
  otherPaths: readonly string[] = [],
): Promise<string | null> {
  if (file === 'static.xml') return urlset(context.siteUrl, [...STATIC_PATHS, ...otherPaths]);
  // File n is a part of slugs page ceil(n / parts); the slugs API accepts pages up to 100,000.
  const match = /^companies-([1-9]\d{0,5})\.xml$/.exec(file);
  if (!match) return null;
  const n = Number(match[1]) - 1;
  const slugPageNumber = Math.floor(n / FILES_PER_SLUG_PAGE) + 1;
  if (slugPageNumber > 100_000) return null;
  const page = await slugPage(slugPageNumber, context);
  const start = (n % FILES_PER_SLUG_PAGE) * COMPANIES_PER_FILE;
  const slugs = page.slugs.slice(start, start + COMPANIES_PER_FILE);
  if (slugs.length === 0) return null;
  return urlset(context.siteUrl, companyPaths(slugs));
}
