import { formatNumber } from '@app/shared/format';
import type { GameLeaderboardResponse, GamePlayersResponse } from '@app/shared/games';
import { formatReturn } from '@app/shared/simulator-view';
import { SignInPrompt } from '../../../components/sign-in-prompt';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { Spinner } from '../../../components/ui/spinner';
import { type Loaded, useMemberAction, useReloadOnSessionChange } from '../../../lib/member-data';
import { type GameIntents, type GamePageData, gamePath, rulesInWords } from '../games.api';
import { gainClass } from '../points';
import { MemberSimulator } from './simulator-page';

type Board = GameLeaderboardResponse;
type Rank = Board['players'][number];
type Player = GamePlayersResponse['players'][number];

const pts = (v: number) => `${v > 0 ? '+' : ''}${formatNumber(v)} pts`;

const rankColumns = (market: Board['market']): DataTableColumn<Rank>[] => [
  { id: 'rank', header: 'Rank', numeric: true, lead: true, cell: (r) => r.rank },
  { id: 'name', header: 'Player', lead: true, cell: (r) => r.name },
  { id: 'value', header: 'Value (points)', numeric: true, cell: (r) => formatNumber(r.value) },
  {
    id: 'return',
    header: 'Return',
    numeric: true,
    cellClassName: (r) => gainClass(r.return_pct),
    cell: (r) => formatReturn(r.return_pct),
  },
  {
    id: 'vs-market',
    header: 'vs Market',
    numeric: true,
    cellClassName: (r) => (r.vs_market === null ? '' : gainClass(r.vs_market)),
    cell: (r) => (r.vs_market === null || !market ? '–' : pts(r.vs_market)),
  },
];

const PLAYER_COLUMNS: DataTableColumn<Player>[] = [
  { id: 'name', header: 'Player', lead: true, cell: (p) => `${p.name} (${p.username})` },
  { id: 'value', header: 'Value', numeric: true, cell: (p) => formatNumber(p.value) },
  {
    id: 'return',
    header: 'Return',
    numeric: true,
    cellClassName: (p) => gainClass(p.return_pct),
    cell: (p) => formatReturn(p.return_pct),
  },
  { id: 'cash', header: 'Available points', numeric: true, cell: (p) => formatNumber(p.cash) },
  { id: 'open', header: 'Positions', numeric: true, cell: (p) => p.open_picks },
  { id: 'pending', header: 'Pending orders', numeric: true, cell: (p) => p.pending_orders },
  { id: 'filled', header: 'Filled orders', numeric: true, cell: (p) => p.filled_orders },
  { id: 'last', header: 'Last order', cell: (p) => (p.last_order_at ? p.last_order_at.slice(0, 10) : '–') },
];

export function GamePage({ data }: { data: GamePageData }) {
  useReloadOnSessionChange();
  const { board } = data;
  if (board.status === 'failed') {
    return (
      <Banner tone="error">
        {board.error} A private game shows only to its players, its creator and visitors with its invite link.
      </Banner>
    );
  }
  return <Game data={data} board={board.data} />;
}

function Game({ data, board }: { data: GamePageData; board: Board }) {
  const { game } = board;
  const action = useMemberAction<GameIntents>();
  const failure = action.result && !action.result.ok ? action.result.error : null;
  return (
    <div className="space-y-10">
      <section aria-labelledby="game-terms" className="space-y-2 text-sm text-slate-700">
        <h2 id="game-terms" className="sr-only">
          Terms
        </h2>
        <p>
          {game.start_date} to {game.end_date} · {formatNumber(game.starting_points)} starting points ·{' '}
          {game.private ? 'Private' : 'Public'} · {formatNumber(game.players)} player{game.players === 1 ? '' : 's'}
          {game.creator ? ` · Created by ${game.creator}` : ''}
        </p>
        <ul className="list-disc pl-5">
          {rulesInWords(game.rules).map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
        {game.status === 'ended' ? (
          <p className="font-semibold">
            This game has ended: its results are final as of {board.through ?? game.end_date}.
          </p>
        ) : null}
        {game.invite_code ? (
          <p>
            Invite code <strong className="font-mono">{game.invite_code}</strong> · link{' '}
            <code className="break-all">{gamePath(game.id, game.invite_code)}</code>
          </p>
        ) : null}
      </section>

      <JoinPanel
        data={data}
        board={board}
        busy={action.busy}
        failure={failure}
        onJoin={() => action.submit('join', { code: data.code })}
      />

      <section aria-labelledby="game-board" className="space-y-3">
        <h2 id="game-board" className="text-xl font-semibold text-slate-900">
          Leaderboard
        </h2>
        <p className="text-sm text-slate-600">
          {board.market
            ? `${board.market.name}: ${formatReturn(board.market.return_pct)} since the start${board.through ? ` (through ${board.through})` : ''}. "vs Market" is a player's return minus the index's, in percentage points.`
            : 'Returns and the market index comparison appear once the game has started and a close has come in.'}
        </p>
        <DataTable
          label={`Leaderboard of ${game.name}`}
          columns={rankColumns(board.market)}
          rows={board.players}
          rowKey={(r) => `${r.rank}-${r.name}`}
          empty="No one has joined this game yet."
        />
      </section>

      {data.players ? <PlayersSection players={data.players} /> : null}
      {data.portfolio ? (
        <section aria-labelledby="game-portfolio" className="space-y-3">
          <h2 id="game-portfolio" className="text-xl font-semibold text-slate-900">
            Your portfolio in this game
          </h2>
          {data.portfolio.status === 'ready' ? (
            <MemberSimulator
              data={data.portfolio.data}
              game={{ endDate: game.end_date, limitOrders: game.rules.limit_orders }}
            />
          ) : (
            <Banner tone="error">{data.portfolio.error}</Banner>
          )}
        </section>
      ) : null}
    </div>
  );
}

function JoinPanel({
  data,
  board,
  busy,
  failure,
  onJoin,
}: {
  data: GamePageData;
  board: Board;
  busy: boolean;
  failure: string | null;
  onJoin: () => void;
}) {
  const { game } = board;
  if (game.joined || game.status === 'ended') return null;
  if (data.viewer === 'unknown') {
    return (
      <p className="flex items-center gap-2 text-slate-600" role="status">
        <Spinner /> Loading your place in this game…
      </p>
    );
  }
  if (data.viewer === 'signed-out') {
    return (
      <SignInPrompt title="Log in to join this game." returnTo={gamePath(game.id, data.code)}>
        Each player gets {formatNumber(game.starting_points)} points to invest in this game alone.
      </SignInPrompt>
    );
  }
  return (
    <div className="space-y-3">
      {failure ? <Banner tone="error">{failure}</Banner> : null}
      <Button busy={busy} onClick={onJoin}>
        Join this game
      </Button>
    </div>
  );
}

function PlayersSection({ players }: { players: Loaded<GamePlayersResponse> }) {
  return (
    <section aria-labelledby="game-players" className="space-y-3">
      <h2 id="game-players" className="text-xl font-semibold text-slate-900">
        Players (visible to you as the game's creator)
      </h2>
      <DataTable
        label="Players"
        columns={PLAYER_COLUMNS}
        rows={players.status === 'ready' ? players.data.players : []}
        rowKey={(p) => p.username}
        error={players.status === 'failed' ? players.error : undefined}
        empty="No one has joined yet: share the invite code."
      />
    </section>
  );
}
