import type { MetricSeriesResponse } from '@app/shared/companies';
import { DEFAULT_METRIC, type MetricKey, metricDefinition } from '@app/shared/metrics';
import type { CompanyMeasuresResponse } from '@app/shared/screener-screen';
import { type AppLoadContext, data, replace } from 'react-router';
import { ApiClientError } from '../../lib/api-client';
import { fetchKeyMeasures, fetchSeries } from './company-metrics.api';

export interface CompanyMetricsData {
  slug: string | null;
  metric: MetricKey;
  series: MetricSeriesResponse | null;
  notFound: boolean;
  /** The screen's measures of the company on the latest day (null when not available). */
  measures: CompanyMeasuresResponse | null;
}

/** SPEC §2: a company without a known metric replace-redirects to its stock price. */
export async function loadCompanyMetrics(params: { companySlug?: string; metric?: string }, context: AppLoadContext) {
  const slug = params.companySlug ?? null;
  if (!slug)
    return { slug, metric: DEFAULT_METRIC, series: null, notFound: false, measures: null } satisfies CompanyMetricsData;
  const definition = metricDefinition(params.metric);
  if (!definition) throw replace(`/companies/info/${encodeURIComponent(slug)}/${DEFAULT_METRIC}`);
  const measures = fetchKeyMeasures(slug, context);
  try {
    const series = await fetchSeries(
      { slug, metric: definition.key, period: '5', frequency: 'quarterly' },
      { context },
    );
    return {
      slug,
      metric: definition.key,
      series,
      notFound: false,
      measures: await measures,
    } satisfies CompanyMetricsData;
  } catch (err) {
    // A 400 (a name far too long) names no company either: a real 404, never an indexable empty page.
    if (err instanceof ApiClientError && (err.status === 404 || err.status === 400)) {
      return data(
        { slug, metric: definition.key, series: null, notFound: true, measures: null } satisfies CompanyMetricsData,
        {
          status: 404,
        },
      );
    }
    // SPEC §8: a failed metric fetch is logged only; the page shows its empty state.
    console.error('Metric series failed to load', err);
    return {
      slug,
      metric: definition.key,
      series: null,
      notFound: false,
      measures: await measures,
    } satisfies CompanyMetricsData;
  }
}
