import type {
  AddPickResponse,
  CancelOrderResponse,
  Order,
  PastPick,
  Pick,
  PicksListResponse,
  PointsRecord,
  UpdatePickResponse,
  ValuationsResponse,
} from '@app/shared/simulator';
import { splitPicksList } from '@app/shared/simulator-view';
import { ApiClientError, apiGet, apiPost, apiSend } from '../../lib/api-client';
import { eodApiPath, getStockPage, type StockFilters, type StockPage } from '../../lib/eod-client';
import type { ActionHandlers } from '../../lib/member-data';

export interface Portfolio {
  picks: Pick[];
  points: PointsRecord;
  /** Buys and sells waiting for their close (decision 024). */
  orders: Order[];
}

export interface SimulatorData {
  portfolio: Portfolio;
  history: PastPick[];
  valuations: ValuationsResponse | null;
}

/** `?game_id=` for a game's portfolio (decision 027); nothing for the simulator's. */
const inGame = (gameId: number) => (gameId > 0 ? `?game_id=${gameId}` : '');

/** The chart is extra: its failure is logged and leaves it out. */
export async function loadValuations(gameId = 0): Promise<ValuationsResponse | null> {
  try {
    return await apiGet<ValuationsResponse>(`/api/contest/valuations${inGame(gameId)}`);
  } catch (err) {
    console.error('Portfolio valuations failed to load', err);
    return null;
  }
}

export async function loadPortfolio(gameId = 0): Promise<Portfolio> {
  const [list, orders] = await Promise.all([
    apiGet<PicksListResponse>(`/api/contest/pickslist${inGame(gameId)}`),
    apiGet<Order[]>(`/api/contest/orders${inGame(gameId)}`),
  ]);
  const { picks, points } = splitPicksList(list);
  if (!points) throw new ApiClientError(0, 'Unexpected portfolio response');
  return { picks, points, orders };
}

/** SPEC §8: a history failure is logged and yields an empty list. */
export async function loadHistory(gameId = 0): Promise<PastPick[]> {
  try {
    return await apiGet<PastPick[]>(`/api/contest/pastpickslist${inGame(gameId)}`);
  } catch (err) {
    console.error('Portfolio history failed to load', err);
    return [];
  }
}

/** The portfolio's failure is the page's. */
export async function loadSimulator(gameId = 0): Promise<SimulatorData> {
  const [portfolio, history, valuations] = await Promise.all([
    loadPortfolio(gameId),
    loadHistory(gameId),
    loadValuations(gameId),
  ]);
  return { portfolio, history, valuations };
}

/** SPEC §7 companies/eod with the member's token: by market cap, ten a page. */
export function loadStocks(filters: StockFilters, page: number, signal?: AbortSignal): Promise<StockPage> {
  return getStockPage(eodApiPath(filters, page), { signal });
}

export type TriggerField = { asell_above: number } | { asell_below: number } | { asell_date: string | null };

export type SimulatorIntents = {
  buy: { comp_name: string; ticker: string; lpoints: number; limit_price?: number; good_until?: string | null };
  sell: { pickid: number };
  cancelOrder: { orderid: number };
  addTrigger: { pickid: number; field: TriggerField };
  removeTrigger: { pickid: number; field: TriggerField };
};

const changeTrigger = ({ pickid, field }: { pickid: number; field: TriggerField }) =>
  apiPost<UpdatePickResponse>('/api/contest/pick/update', { pickid, type: 'upd', ...field });

/**
 * SPEC §8 fallbacks: 'Failed to buy stock', 'Failed to sell stock', 'Failed to add/remove trigger'.
 * A buy in a game names it; a sell, a cancel and a trigger act on a pick or order that knows its game.
 */
export const simulatorActions = (gameId = 0): ActionHandlers<SimulatorIntents> => ({
  buy: {
    run: ({ limit_price, good_until, ...stock }) =>
      apiPost<AddPickResponse>('/api/contest/pick/add', {
        ...stock,
        asell_above: 0,
        asell_below: 0,
        ...(limit_price === undefined ? {} : { order_type: 'limit', limit_price, good_until: good_until ?? null }),
        ...(gameId > 0 ? { game_id: gameId } : {}),
      }),
    error: 'Failed to buy stock',
  },
  cancelOrder: {
    run: ({ orderid }) => apiSend<CancelOrderResponse>('DELETE', `/api/contest/orders/${orderid}`),
    error: 'Failed to cancel order',
  },
  sell: {
    run: ({ pickid }) =>
      apiPost<UpdatePickResponse>('/api/contest/pick/update', { pickid, type: 'upd', pick_status: 'completed' }),
    error: 'Failed to sell stock',
  },
  addTrigger: { run: changeTrigger, error: 'Failed to add trigger' },
  removeTrigger: { run: changeTrigger, error: 'Failed to remove trigger' },
});

export const SIMULATOR_ACTIONS = simulatorActions();
