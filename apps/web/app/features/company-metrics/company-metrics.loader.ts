import type { MetricSeriesResponse } from '@app/shared/companies';
import { DEFAULT_METRIC, type MetricKey, metricDefinition } from '@app/shared/metrics';
import { type AppLoadContext, data, replace } from 'react-router';
import { ApiClientError } from '../../lib/api-client';
import { fetchSeries } from './company-metrics.api';

export interface CompanyMetricsData {
  slug: string | null;
  metric: MetricKey;
  /** The public 5-year series, rendered on the server; null when it could not be loaded. */
  series: MetricSeriesResponse | null;
  /** The slug names no company. */
  notFound: boolean;
}

/**
 * Server data of `/companies/info[/{slug}[/{metric}]]`. A company without a known metric
 * replace-redirects to its stock price (SPEC §2); an unknown company answers 404 with the
 * search box still on the page.
 */
export async function loadCompanyMetrics(params: { companySlug?: string; metric?: string }, context: AppLoadContext) {
  const slug = params.companySlug ?? null;
  if (!slug) return { slug, metric: DEFAULT_METRIC, series: null, notFound: false } satisfies CompanyMetricsData;
  const definition = metricDefinition(params.metric);
  if (!definition) throw replace(`/companies/info/${encodeURIComponent(slug)}/${DEFAULT_METRIC}`);
  try {
    const series = await fetchSeries(
      { slug, metric: definition.key, period: '5', frequency: 'quarterly' },
      { context },
    );
    return { slug, metric: definition.key, series, notFound: false } satisfies CompanyMetricsData;
  } catch (err) {
    // 404: no such company; 400: a name the API refuses outright (e.g. far too long), which no
    // company has either. Both are a real 404 page, never an indexable empty one.
    if (err instanceof ApiClientError && (err.status === 404 || err.status === 400)) {
      return data({ slug, metric: definition.key, series: null, notFound: true } satisfies CompanyMetricsData, {
        status: 404,
      });
    }
    // SPEC §8: a failed metric fetch is logged only; the page shows its empty state.
    console.error('Metric series failed to load', err);
    return { slug, metric: definition.key, series: null, notFound: false } satisfies CompanyMetricsData;
  }
}
