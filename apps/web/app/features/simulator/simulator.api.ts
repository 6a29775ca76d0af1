import type {
  AddPickResponse,
  PastPick,
  Pick,
  PicksListResponse,
  PointsRecord,
  UpdatePickResponse,
} from '@app/shared/simulator';
import { splitPicksList } from '@app/shared/simulator-view';
import { ApiClientError, apiGet, apiPost } from '../../lib/api-client';
import { eodApiPath, getStockPage, type StockFilters, type StockPage } from '../../lib/eod-client';

/** SPEC §8: the server's message, else the call's default text. */
export function portfolioError(err: unknown, fallback: string): string {
  if (err instanceof ApiClientError && err.message) return err.message;
  return fallback;
}

export interface Portfolio {
  picks: Pick[];
  points: PointsRecord;
}

export async function loadPortfolio(): Promise<Portfolio> {
  const list = await apiGet<PicksListResponse>('/api/contest/pickslist');
  const { picks, points } = splitPicksList(list);
  if (!points) throw new ApiClientError(0, 'Unexpected portfolio response');
  return { picks, points };
}

/** SPEC §8: a history failure is logged and yields an empty list. */
export async function loadHistory(): Promise<PastPick[]> {
  try {
    return await apiGet<PastPick[]>('/api/contest/pastpickslist');
  } catch (err) {
    console.error('Portfolio history failed to load', err);
    return [];
  }
}

/** SPEC §7 companies/eod with the member's token: by market cap, ten a page. */
export function loadStocks(filters: StockFilters, page: number, signal?: AbortSignal): Promise<StockPage> {
  return getStockPage(eodApiPath(filters, page), { signal });
}

export function buyStock(stock: { comp_name: string; ticker: string }, lpoints: number): Promise<AddPickResponse> {
  return apiPost<AddPickResponse>('/api/contest/pick/add', {
    comp_name: stock.comp_name,
    ticker: stock.ticker,
    lpoints,
    asell_above: 0,
    asell_below: 0,
  });
}

export function sellPick(pickid: number): Promise<UpdatePickResponse> {
  return apiPost<UpdatePickResponse>('/api/contest/pick/update', { pickid, type: 'upd', pick_status: 'completed' });
}

export type TriggerField = { asell_above: number } | { asell_below: number } | { asell_date: string | null };

export function changeTrigger(pickid: number, field: TriggerField): Promise<UpdatePickResponse> {
  return apiPost<UpdatePickResponse>('/api/contest/pick/update', { pickid, type: 'upd', ...field });
}
