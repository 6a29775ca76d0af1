import { partSitemap, rootSitemap } from '../features/company-metrics/sitemap';
import { rankingSitemapPaths } from '../features/rankings/sitemap';
import type { Route } from './+types/sitemap-xml';

const HEADERS = { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' };

export async function loader({ params, context }: Route.LoaderArgs) {
  const file = (params as { file?: string }).file;
  const rankings = rankingSitemapPaths();
  const body = file === undefined ? await rootSitemap(context, rankings) : await partSitemap(file, context, rankings);
  if (body === null) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
  return new Response(body, { headers: HEADERS });
}
