import type { MetricSeriesResponse } from '@app/shared/companies';
import type { Frequency, MetricKey, MetricPeriod } from '@app/shared/metrics';
import type { CompanyMeasuresResponse } from '@app/shared/screener-screen';
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

/** How long a page waits for the key measures: a day not computed yet is built meanwhile, shown next time. */
const MEASURES_WAIT_MS = 300;

/** The company's screen measures on the latest day, or null (not traded then, failed, or not ready in time). */
export async function fetchKeyMeasures(slug: string, context: AppLoadContext): Promise<CompanyMeasuresResponse | null> {
  const request = apiGet<CompanyMeasuresResponse>(`/api/screener/company/${encodeURIComponent(slug)}`, {
    context,
  }).catch(() => null);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), MEASURES_WAIT_MS);
  });
  try {
    return await Promise.race([request, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
