import { PageContainer, PageHeader } from '../components/ui/page-header';
import { GamesListPage } from '../features/simulator/components/games-list-page';
import { GAMES_PATH, loadGamesPage } from '../features/simulator/games.api';
import { pageMeta, siteUrlFrom } from '../lib/meta';
import type { Route } from './+types/simulator-games';

const TITLE = 'Simulator Games';
const DESCRIPTION =
  'Join a stock-picking game or run your own for a class or a group of friends: its own dates, starting points and rules, a leaderboard set against the market index.';

/** The public games render on the server; the member's own load in the browser (decision 018). */
export function loader({ context }: Route.LoaderArgs) {
  return loadGamesPage(context);
}

export function clientLoader() {
  return loadGamesPage();
}
clientLoader.hydrate = true as const;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: TITLE, description: DESCRIPTION, path: GAMES_PATH, siteUrl: siteUrlFrom(matches) });

export default function SimulatorGamesRoute({ loaderData }: Route.ComponentProps) {
  return (
    <PageContainer>
      <PageHeader
        title={TITLE}
        intro="Contests with their own dates, starting points and rules. Each player has a portfolio for the game alone; orders fill at the next close, as in the simulator."
      />
      <GamesListPage data={loaderData} />
    </PageContainer>
  );
}
