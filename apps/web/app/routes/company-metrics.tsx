import { nameFromSlug } from '@app/shared/slug';
import { ComingSoon, PageContainer, PageHeader } from '../components/ui/page-header';
import { pageMeta, siteUrlFrom } from '../lib/meta';
import type { Route } from './+types/company-metrics';

export const meta: Route.MetaFunction = ({ matches, params, location }) => {
  const company = params.companySlug ? nameFromSlug(params.companySlug) : null;
  return pageMeta({
    title: company ? `${company} Financial Metrics` : 'Company Financial Metrics',
    description: company
      ? `${company}: stock price, market cap, revenue, net income, cash, assets and liabilities over time, charted from SEC filings.`
      : 'Chart the stock price, market cap, revenue, net income, cash, assets and liabilities of US public companies over 5, 10 or all available years, built from SEC filings.',
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
  });
};

export default function CompanyMetricsPage() {
  return (
    <PageContainer>
      <PageHeader title="Company Financial Metrics" />
      <ComingSoon what="Search a company and chart its price, market cap and filing metrics." />
    </PageContainer>
  );
}
