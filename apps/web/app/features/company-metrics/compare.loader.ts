import { ALL_METRIC_KEYS, type MetricKey } from '@app/shared/metrics';
import type { CompareResponse } from '@app/shared/statements';
import { type AppLoadContext, data } from 'react-router';
import { ApiClientError, apiGet } from '../../lib/api-client';

/** The most companies one comparison shows. */
export const COMPARE_LIMIT = 5;

export interface CompareData {
  /** The companies the URL names (slugs), in order. */
  companies: string[];
  metric: MetricKey;
  body: CompareResponse | null;
  /** Why there is no chart: a company the API does not know, or bad input. */
  error: string | null;
}

/** The companies and metric a URL asks for; a metric it does not know falls back to market cap. */
export function compareChoice(url: string): { companies: string[]; metric: MetricKey } {
  const search = new URL(url).searchParams;
  const companies = [
    ...new Set(
      (search.get('companies') ?? '')
        .split(',')
        .map((c) => c.trim().toLowerCase())
        .filter(Boolean),
    ),
  ].slice(0, COMPARE_LIMIT);
  const metric = search.get('metric') ?? '';
  return {
    companies,
    metric: (ALL_METRIC_KEYS as readonly string[]).includes(metric) ? (metric as MetricKey) : 'market-cap',
  };
}

export function comparePath(companies: readonly string[], metric: MetricKey): string {
  const query = new URLSearchParams();
  if (companies.length > 0) query.set('companies', companies.join(','));
  if (metric !== 'market-cap') query.set('metric', metric);
  const text = query.toString().replace(/%2C/g, ',');
  return `/companies/compare${text ? `?${text}` : ''}`;
}

/** Server data of `/companies/compare`: the comparison rendered in the HTML (public 5-year range). */
export async function loadCompare(url: string, context?: AppLoadContext) {
  const { companies, metric } = compareChoice(url);
  if (companies.length === 0) return { companies, metric, body: null, error: null } satisfies CompareData;
  try {
    const body = await apiGet<CompareResponse>(
      `/api/compare?companies=${companies.map(encodeURIComponent).join(',')}&metric=${metric}&period=5`,
      { context },
    );
    return { companies, metric, body, error: null } satisfies CompareData;
  } catch (err) {
    if (err instanceof ApiClientError && (err.status === 404 || err.status === 400)) {
      return data({ companies, metric, body: null, error: err.message } satisfies CompareData, { status: 404 });
    }
    console.error('Comparison failed to load', err);
    return { companies, metric, body: null, error: 'The comparison could not be loaded.' } satisfies CompareData;
  }
}
