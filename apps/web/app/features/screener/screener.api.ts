import type { StockListItem } from '@app/shared/screener';
import { previousWeekday, todayUtc } from '@app/shared/trading-day';
import type { AppLoadContext } from 'react-router';
import { eodApiPath, getStockPage } from '../../lib/eod-client';
import { orderOf, type ScreenerView, viewFromSearch } from './screener-params';

export interface ScreenerData {
  view: ScreenerView;
  rows: StockListItem[];
  count: number;
  /** SPEC §2: the day the sentence names (previous weekday of today). */
  lastTradingDay: string;
  error: string | null;
}

export async function loadScreener(
  url: string,
  context?: AppLoadContext,
  options: { anonymous?: boolean } = {},
): Promise<ScreenerData> {
  const view = viewFromSearch(new URL(url).searchParams);
  const lastTradingDay = previousWeekday(todayUtc());
  try {
    const path = eodApiPath(view, view.page, orderOf(view));
    const page = await getStockPage(path, context ? { context } : { anonymous: options.anonymous });
    return { view, ...page, lastTradingDay, error: null };
  } catch (err) {
    // SPEC §8: screener failures are logged; the page says the list is unavailable.
    console.error('Screener list failed to load', err);
    return { view, rows: [], count: 0, lastTradingDay, error: 'The list could not be loaded. Please try again.' };
  }
}
