import type { Route } from './+types/robots-txt';

export function loader({ context }: Route.LoaderArgs) {
  const body = [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /profile',
    // The portfolio view is personal; the leaderboard under /simulator is public (SPEC §6).
    'Disallow: /simulator/my-profolio',
    '',
    `Sitemap: ${context.siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=86400' },
  });
}
