import { comparePath, loadCompare } from '../features/company-metrics/compare.loader';
import { COMPARE_TITLE, ComparePage, compareSummary } from '../features/company-metrics/components/compare-page';
import { pageMeta, siteUrlFrom } from '../lib/meta';
import type { Route } from './+types/company-compare';

export function loader({ request, context }: Route.LoaderArgs) {
  return loadCompare(request.url, context);
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const names = data?.body?.series.map((s) => s.company.ticker) ?? [];
  return pageMeta({
    title: names.length ? `Compare ${names.join(', ')}` : COMPARE_TITLE,
    description: data?.body
      ? compareSummary(data.body)
      : 'Compare up to five US public companies on one chart: stock price and market cap as % change from a common start, revenue, earnings and other fundamentals by fiscal year.',
    path: data ? comparePath(data.companies, data.metric) : '/companies/compare',
    siteUrl: siteUrlFrom(matches),
    noindex: Boolean(data?.error),
  });
};

export default function CompanyCompareRoute({ loaderData }: Route.ComponentProps) {
  return <ComparePage data={loaderData} />;
}
