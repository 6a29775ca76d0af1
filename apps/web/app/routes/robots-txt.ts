import type { Route } from './+types/robots-txt';

export function loader({ context }: Route.LoaderArgs) {
  const body = [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /profile',
    'Disallow: /simulator',
    '',
    `Sitemap: ${context.siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=86400' },
  });
}
