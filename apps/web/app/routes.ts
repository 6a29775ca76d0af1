import { index, type RouteConfig, route } from '@react-router/dev/routes';

// The spec's URLs, spelled as SPEC §2 spells them (including /simulator/my-profolio).
export default [
  index('routes/home.tsx'),
  route('stocks', 'routes/stocks.tsx'),
  route('screener', 'routes/screener.tsx'),
  route('companies/info', 'routes/company-metrics.tsx', { id: 'company-metrics' }),
  route('companies/info/:companySlug', 'routes/company-metrics.tsx', { id: 'company-metrics-company' }),
  route('companies/info/:companySlug/:metric', 'routes/company-metrics.tsx', {
    id: 'company-metrics-metric',
  }),
  route('companies/market-cap-rankings/*', 'routes/rankings.tsx', { id: 'rankings-market-cap' }),
  route('companies/annual-returns-rankings/*', 'routes/rankings.tsx', { id: 'rankings-annual-returns' }),
  route('companies/dollar-volume-rankings/*', 'routes/rankings.tsx', { id: 'rankings-dollar-volume' }),
  route('news', 'routes/news.tsx'),
  route('simulator', 'routes/simulator.tsx', { id: 'simulator' }),
  route('simulator/my-profolio', 'routes/simulator.tsx', { id: 'simulator-my-profolio' }),
  route('simulator/leaderboard', 'routes/simulator-leaderboard.tsx'),
  route('login', 'routes/login.tsx'),
  route('signup', 'routes/signup.tsx'),
  route('forgot-password', 'routes/forgot-password.tsx'),
  route('reset-password', 'routes/reset-password.tsx'),
  route('profile', 'routes/profile.tsx'),
  route('watchlists', 'routes/watchlists.tsx'),
  route('doc-qa', 'routes/doc-qa.tsx'),
  route('privacy', 'routes/privacy.tsx'),
  route('terms', 'routes/terms.tsx'),
  route('disclosures', 'routes/disclosures.tsx'),
  route('robots.txt', 'routes/robots-txt.ts'),
  route('sitemap.xml', 'routes/sitemap-xml.ts', { id: 'sitemap' }),
  route('sitemaps/:file', 'routes/sitemap-xml.ts', { id: 'sitemap-part' }),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
