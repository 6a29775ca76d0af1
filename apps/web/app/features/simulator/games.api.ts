import type {
  CreateGameRequest,
  Game,
  GameLeaderboardResponse,
  GamePlayersResponse,
  GamesListResponse,
} from '@app/shared/games';
import type { AppLoadContext } from 'react-router';
import { apiGet, apiPost } from '../../lib/api-client';
import { authStore, startAuth } from '../../lib/auth-state';
import { type ActionHandlers, type Loaded, loaded } from '../../lib/member-data';
import { loadSimulator, type SimulatorData, type SimulatorIntents, simulatorActions } from './simulator.api';

// Games (decision 027): public parts render on the server; a member's parts load in the browser,
// where the token is (decision 018).

export const GAMES_PATH = '/simulator/games';
export const gamePath = (id: number, code?: string | null) => `${GAMES_PATH}/${id}${code ? `?code=${code}` : ''}`;

/** Who is looking: unknown while the server renders (it never holds the token). */
export type Viewer = 'unknown' | 'signed-out' | 'member';

export interface GamesPageData {
  list: Loaded<GamesListResponse>;
  viewer: Viewer;
}

export async function loadGamesPage(context?: AppLoadContext): Promise<GamesPageData> {
  const viewer = viewerOf(context);
  return {
    list: await loaded(() => apiGet<GamesListResponse>('/api/games', { context }), 'The games could not be loaded.'),
    viewer,
  };
}

/** On the server nobody is known (it never holds the token); in the browser, whoever holds one. */
function viewerOf(context: AppLoadContext | undefined): Viewer {
  if (context) return 'unknown';
  startAuth();
  return authStore.getState().token ? 'member' : 'signed-out';
}

export interface GamePageData {
  board: Loaded<GameLeaderboardResponse>;
  code: string | null;
  viewer: Viewer;
  /** The member's portfolio in the game, once they play in it. */
  portfolio: Loaded<SimulatorData> | null;
  /** The creator's view of the players. */
  players: Loaded<GamePlayersResponse> | null;
}

/** `?code=` from an invite link, as the API spells codes (upper case). */
export function inviteCodeFrom(url: string): string | null {
  const code = new URL(url).searchParams.get('code')?.trim().toUpperCase();
  return code && /^[A-Z2-9]{8}$/.test(code) ? code : null;
}

export async function loadGamePage(id: number, url: string, context?: AppLoadContext): Promise<GamePageData> {
  const code = inviteCodeFrom(url);
  const viewer = viewerOf(context);
  const board = await loaded(
    () => apiGet<GameLeaderboardResponse>(`/api/games/${id}/leaderboard${code ? `?code=${code}` : ''}`, { context }),
    'This game could not be loaded.',
  );
  const game = board.status === 'ready' ? board.data.game : null;
  const [portfolio, players] = await Promise.all([
    game?.joined ? loaded(() => loadSimulator(id), 'Failed to fetch portfolio') : null,
    game?.is_creator
      ? loaded(() => apiGet<GamePlayersResponse>(`/api/games/${id}/players`), 'The players could not be loaded.')
      : null,
  ]);
  return { board, code, viewer, portfolio, players };
}

export const createGame = (body: CreateGameRequest) => apiPost<Game>('/api/games', body);
export const joinByCode = (code: string) => apiPost<Game>('/api/games/join', { code });

export type GameIntents = SimulatorIntents & { join: { code: string | null } };

/** The simulator's actions on the game's portfolio, and joining it. */
export const gameActions = (id: number): ActionHandlers<GameIntents> => ({
  ...simulatorActions(id),
  join: {
    run: ({ code }) => apiPost<Game>(`/api/games/${id}/join`, code ? { code } : {}),
    error: 'Failed to join the game',
  },
});

/** The rules in words, for the game's page and the lists. */
export function rulesInWords(rules: Game['rules']): string[] {
  const out: string[] = [];
  if (rules.max_position_pct > 0) out.push(`At most ${rules.max_position_pct}% of the portfolio in one company`);
  if (rules.min_price > 0) out.push(`Shares priced at $${rules.min_price.toFixed(2)} or more`);
  if (rules.max_volume_pct > 0)
    out.push(`An order at most ${rules.max_volume_pct}% of a company's daily dollar volume`);
  out.push(rules.limit_orders ? 'Market and limit orders' : 'Market orders only');
  return out;
}
