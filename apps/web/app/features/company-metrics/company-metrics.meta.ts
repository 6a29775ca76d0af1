import type { MetricSeriesResponse } from '@app/shared/companies';
import { METRICS } from '@app/shared/metrics';
import { SITE_NAME } from '@app/shared/site';
import { nameFromSlug } from '@app/shared/slug';
import { pageMeta } from '../../lib/meta';
import type { CompanyMetricsData } from './company-metrics.loader';
import { summarySentence } from './metric-text';

export const PAGE_TITLE = 'Company Financial Metrics';
const PAGE_DESCRIPTION =
  'Chart the stock price, market cap, revenue, net income, cash, assets and liabilities of US public companies over 5, 10 or all available years, built from SEC filings.';

/** Title, description, canonical, social tags and structured data (SPEC §2). */
export function companyMetricsMeta(data: CompanyMetricsData | undefined, siteUrl: string, pathname: string) {
  const series = data?.series ?? null;
  if (!data?.slug) {
    return pageMeta({
      title: PAGE_TITLE,
      description: PAGE_DESCRIPTION,
      path: '/companies/info',
      siteUrl,
      jsonLd: [breadcrumbs(siteUrl, []), siteOrganization(siteUrl)],
    });
  }
  const definition = METRICS[data.metric];
  const path = `/companies/info/${data.slug}/${data.metric}`;
  const name = series?.company.comp_name ?? nameFromSlug(data.slug);
  const ticker = series ? ` (${series.company.ticker})` : '';
  return pageMeta({
    title: data.notFound ? 'Company not found' : `${name}${ticker} ${definition.label}`,
    description: series
      ? `${summarySentence(series)} ${definition.explanation}`
      : `${name}: stock price, market cap, revenue, net income, cash, assets and liabilities over time, charted from SEC filings.`,
    path: data.notFound ? pathname : path,
    siteUrl,
    noindex: data.notFound,
    jsonLd: [
      breadcrumbs(siteUrl, [
        { name, path: `/companies/info/${data.slug}/stock-price` },
        { name: definition.label, path },
      ]),
      series ? companyOrganization(series) : siteOrganization(siteUrl),
    ],
  });
}

function breadcrumbs(siteUrl: string, trail: Array<{ name: string; path: string }>) {
  const items = [{ name: 'Home', path: '/' }, { name: PAGE_TITLE, path: '/companies/info' }, ...trail];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: `${siteUrl}${item.path}`,
    })),
  };
}

function siteOrganization(siteUrl: string) {
  return { '@context': 'https://schema.org', '@type': 'Organization', name: SITE_NAME, url: `${siteUrl}/` };
}

function companyOrganization(series: MetricSeriesResponse) {
  const { comp_name, ticker, cik } = series.company;
  return {
    '@context': 'https://schema.org',
    '@type': 'Corporation',
    name: comp_name,
    tickerSymbol: ticker,
    ...(cik ? { identifier: { '@type': 'PropertyValue', propertyID: 'SEC CIK', value: String(cik) } } : {}),
  };
}
