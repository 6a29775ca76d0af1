import { SITE_NAME } from '@app/shared/site';
import { Link } from 'react-router';
import { StarField } from '../features/home/components/star-field';
import { pageMeta, siteUrlFrom } from '../lib/meta';
import type { Route } from './+types/home';

const DESCRIPTION =
  'Free research on US public companies: an end-of-day stock screener, charts of revenue, income, cash and balance sheets from SEC filings, historical rankings since 1999, a practice-trading simulator and question answering over your PDFs.';

export const meta: Route.MetaFunction = ({ matches }) => {
  const siteUrl = siteUrlFrom(matches);
  return pageMeta({
    title: `${SITE_NAME}: stock screener, company metrics and practice trading`,
    description: DESCRIPTION,
    path: '/',
    siteUrl,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: SITE_NAME,
        url: `${siteUrl}/`,
        description: DESCRIPTION,
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${siteUrl}/screener?q={q}` },
          'query-input': 'required name=q',
        },
      },
    ],
  });
};

const FEATURES = [
  {
    title: 'Market Simulator',
    to: '/simulator/my-profolio',
    text: 'Practise with virtual points: buy stocks, set profit targets and stop losses, and climb the leaderboard.',
    icon: 'M4 17l5-5 4 4 7-8M15 8h5v5',
  },
  {
    title: 'Financial Metrics',
    to: '/companies/info',
    text: 'Chart price, market cap, revenue, net income, cash, assets and liabilities straight from SEC filings.',
    icon: 'M5 20V10M12 20V4M19 20v-7',
  },
  {
    title: 'Historical Rankings',
    to: '/companies/market-cap-rankings',
    text: 'See which companies led by market cap, annual return and dollar volume in every year since 1999.',
    icon: 'M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0V4Z',
  },
  {
    title: 'Document QA',
    to: '/doc-qa',
    text: 'Open an annual report PDF and ask questions; answers come with the page and passage that support them.',
    icon: 'M7 3h7l5 5v13H7V3Zm7 0v5h5M10 13h6M10 17h6',
  },
];

const STATS = [
  { value: '24/7', label: 'Real-time monitoring' },
  { value: '10000+', label: 'Companies tracked' },
  { value: 'Unlimited', label: 'Historical insights' },
];

export default function HomePage() {
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-b from-ink-900 via-ink-800 to-ink-700 text-on-ink">
        <StarField />
        <div className="relative mx-auto max-w-7xl px-4 py-20 text-center sm:px-6 sm:py-28">
          <h1 className="mx-auto max-w-4xl text-4xl font-extrabold tracking-tight sm:text-6xl">
            Welcome to {SITE_NAME}: understand the market, one company at a time
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-on-ink-muted">
            Screen US stocks, chart the numbers behind every company, look back at 25 years of market leaders and
            practise trading without risking a cent.
          </p>
          <Link
            to="/screener"
            className="mt-10 inline-block rounded-lg bg-brand-600 px-8 py-3 text-lg font-semibold text-white shadow-lg hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-on-ink"
          >
            Get Started
          </Link>
        </div>
      </section>
      <section aria-labelledby="features-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="features-heading" className="text-center text-2xl font-bold sm:text-3xl">
          Everything you need to learn the market
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((feature) => (
            <li key={feature.title}>
              <Link
                to={feature.to}
                className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus-visible:outline-2 focus-visible:outline-brand-500"
              >
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  className="h-10 w-10 rounded-lg bg-brand-50 p-2 text-brand-600"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                >
                  <path d={feature.icon} />
                </svg>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{feature.title}</h3>
                <p className="mt-2 text-sm text-slate-600">{feature.text}</p>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-label="Statistics" className="border-y border-slate-200 bg-white">
        <dl className="mx-auto grid max-w-7xl gap-8 px-4 py-12 text-center sm:grid-cols-3 sm:px-6">
          {STATS.map((stat) => (
            <div key={stat.label}>
              <dt className="text-sm font-medium uppercase tracking-wide text-slate-500">{stat.label}</dt>
              <dd className="mt-2 text-4xl font-extrabold text-brand-600">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}
