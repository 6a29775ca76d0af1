import { PageContainer, PageHeader } from '../components/ui/page-header';
import { GamePage } from '../features/simulator/components/game-page';
import { type GamePageData, gameActions, gamePath, loadGamePage } from '../features/simulator/games.api';
import { runMemberAction } from '../lib/member-data';
import { pageMeta, siteUrlFrom } from '../lib/meta';
import type { Route } from './+types/simulator-game';

function gameId(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) throw new Response('Not Found', { status: 404 });
  return id;
}

/** The game and its leaderboard render on the server (a private one with its invite link's code). */
export function loader({ params, request, context }: Route.LoaderArgs) {
  return loadGamePage(gameId(params.gameId), request.url, context);
}

/** In the browser, with the token: the member's portfolio in the game, and the creator's view of the players. */
export function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  return loadGamePage(gameId(params.gameId), request.url);
}
clientLoader.hydrate = true as const;

export async function clientAction({ params, request }: Route.ClientActionArgs) {
  return runMemberAction(request, gameActions(gameId(params.gameId)));
}

const nameOf = (data: GamePageData | undefined) =>
  data?.board.status === 'ready' ? data.board.data.game.name : 'Simulator game';

export const meta: Route.MetaFunction = ({ data, params, matches }) => {
  const ready = data?.board.status === 'ready' ? data.board.data.game : null;
  return pageMeta({
    title: nameOf(data),
    description: ready
      ? `${ready.name}: a stock-picking game from ${ready.start_date} to ${ready.end_date} with ${ready.players} players, ranked by return beside the market index.`
      : 'A stock-picking game of the market simulator, ranked by return beside the market index.',
    path: gamePath(Number(params.gameId)),
    siteUrl: siteUrlFrom(matches),
  });
};

export default function SimulatorGameRoute({ loaderData }: Route.ComponentProps) {
  return (
    <PageContainer>
      <PageHeader title={nameOf(loaderData)} />
      <GamePage data={loaderData} />
    </PageContainer>
  );
}
