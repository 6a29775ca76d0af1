import { loadCompanyMetrics } from '../features/company-metrics/company-metrics.loader';
import { companyMetricsMeta } from '../features/company-metrics/company-metrics.meta';
import { CompanyMetricsPage } from '../features/company-metrics/components/company-metrics-page';
import { siteUrlFrom } from '../lib/meta';
import type { Route } from './+types/company-metrics';

export function loader({ params, context }: Route.LoaderArgs) {
  return loadCompanyMetrics(params, context);
}

export const meta: Route.MetaFunction = ({ data, matches, location }) =>
  companyMetricsMeta(data, siteUrlFrom(matches), location.pathname);

export default function CompanyMetricsRoute({ loaderData }: Route.ComponentProps) {
  return <CompanyMetricsPage data={loaderData} />;
}
