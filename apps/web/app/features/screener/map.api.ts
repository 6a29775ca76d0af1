import { isOneOf } from '@app/shared/one-of';
import { FIRST_TRADING_DAY, MAP_PERIOD_IDS } from '@app/shared/screener-measures';
import type { MapResponse } from '@app/shared/screener-screen';
import type { AppLoadContext } from 'react-router';
import { ApiClientError, apiGet } from '../../lib/api-client';
import type { MapData, MapView } from './components/market-map';

export function mapViewFromSearch(params: URLSearchParams): MapView {
  const asOf = params.get('asOf');
  const period = params.get('period');
  return {
    asOf:
      asOf && /^\d{4}-\d{2}-\d{2}$/.test(asOf) && asOf >= FIRST_TRADING_DAY && !Number.isNaN(Date.parse(asOf))
        ? asOf
        : null,
    period: isOneOf(MAP_PERIOD_IDS, period) ? period : '1d',
  };
}

export function mapApiPath(view: MapView): string {
  const params = new URLSearchParams();
  if (view.asOf) params.set('asOf', view.asOf);
  params.set('period', view.period);
  return `/api/screener/map?${params}`;
}

export async function loadMap(url: string, context?: AppLoadContext): Promise<MapData> {
  const view = mapViewFromSearch(new URL(url).searchParams);
  try {
    const map = await apiGet<MapResponse>(mapApiPath(view), context ? { context } : { anonymous: true });
    return { view, map, error: null };
  } catch (err) {
    console.error('Market map failed to load', err);
    const error =
      err instanceof ApiClientError && err.status === 400
        ? err.message
        : 'The map could not be loaded. Please try again.';
    return { view, map: null, error };
  }
}
