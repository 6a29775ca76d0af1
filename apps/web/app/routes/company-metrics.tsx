import { useRouteLoaderData } from 'react-router';
import { loadCompanyMetrics } from '../features/company-metrics/company-metrics.loader';
import { companyMetricsMeta } from '../features/company-metrics/company-metrics.meta';
import { CompanyMetricsPage } from '../features/company-metrics/components/company-metrics-page';
import { siteUrlFrom } from '../lib/meta';
import type { loader as rootLoader } from '../root';
import type { Route } from './+types/company-metrics';

export function loader({ params, context }: Route.LoaderArgs) {
  return loadCompanyMetrics(params, context);
}

export const meta: Route.MetaFunction = ({ data, matches, location }) =>
  companyMetricsMeta(data, siteUrlFrom(matches), location.pathname);

export default function CompanyMetricsRoute({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  return <CompanyMetricsPage data={loaderData} demoData={root?.dataMeta?.source === 'demo'} />;
}
