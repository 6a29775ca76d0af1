import type { MetricSeriesResponse } from '@app/shared/companies';
import type { Frequency, MetricKey, MetricPeriod } from '@app/shared/metrics';
import type { AppLoadContext } from 'react-router';
import { apiGet } from '../../lib/api-client';

export interface SeriesRequest {
  slug: string;
  metric: MetricKey;
  period: MetricPeriod;
  frequency: Frequency;
}

export function seriesPath({ slug, metric, period, frequency }: SeriesRequest): string {
  const query = new URLSearchParams({ period });
  if (frequency !== 'quarterly') query.set('frequency', frequency);
  return `/api/companies/${encodeURIComponent(slug)}/${metric}?${query}`;
}

/** One metric series; in a loader pass `context` (server, public range only). */
export function fetchSeries(
  request: SeriesRequest,
  options: { context?: AppLoadContext; signal?: AbortSignal } = {},
): Promise<MetricSeriesResponse> {
  return apiGet<MetricSeriesResponse>(seriesPath(request), options);
}
