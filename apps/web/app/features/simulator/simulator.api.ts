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
import type { ActionHandlers } from '../../lib/member-data';

export interface Portfolio {
  picks: Pick[];
  points: PointsRecord;
}

export interface SimulatorData {
  portfolio: Portfolio;
  history: PastPick[];
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

/** The portfolio's failure is the page's. */
export async function loadSimulator(): Promise<SimulatorData> {
  const [portfolio, history] = await Promise.all([loadPortfolio(), loadHistory()]);
  return { portfolio, history };
}

/** SPEC §7 companies/eod with the member's token: by market cap, ten a page. */
export function loadStocks(filters: StockFilters, page: number, signal?: AbortSignal): Promise<StockPage> {
  return getStockPage(eodApiPath(filters, page), { signal });
}

export type TriggerField = { asell_above: number } | { asell_below: number } | { asell_date: string | null };

export type SimulatorIntents = {
  buy: { comp_name: string; ticker: string; lpoints: number };
  sell: { pickid: number };
  addTrigger: { pickid: number; field: TriggerField };
  removeTrigger: { pickid: number; field: TriggerField };
};

const changeTrigger = ({ pickid, field }: { pickid: number; field: TriggerField }) =>
  apiPost<UpdatePickResponse>('/api/contest/pick/update', { pickid, type: 'upd', ...field });

/** SPEC §8 fallbacks: 'Failed to buy stock', 'Failed to sell stock', 'Failed to add/remove trigger'. */
export const SIMULATOR_ACTIONS: ActionHandlers<SimulatorIntents> = {
  buy: {
    run: (stock) => apiPost<AddPickResponse>('/api/contest/pick/add', { ...stock, asell_above: 0, asell_below: 0 }),
    error: 'Failed to buy stock',
  },
  sell: {
    run: ({ pickid }) =>
      apiPost<UpdatePickResponse>('/api/contest/pick/update', { pickid, type: 'upd', pick_status: 'completed' }),
    error: 'Failed to sell stock',
  },
  addTrigger: { run: changeTrigger, error: 'Failed to add trigger' },
  removeTrigger: { run: changeTrigger, error: 'Failed to remove trigger' },
};
