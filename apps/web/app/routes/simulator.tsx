import { DEFAULT_STARTING_POINTS } from '@app/shared/points';
import type { ReactNode } from 'react';
import { PageContainer, PageHeader } from '../components/ui/page-header';
import { Spinner } from '../components/ui/spinner';
import { SignedOutPrompt } from '../features/simulator/components/signed-out-prompt';
import { SimulatorPage } from '../features/simulator/components/simulator-page';
import { loadSimulator, SIMULATOR_ACTIONS } from '../features/simulator/simulator.api';
import { loadForMember, runMemberAction } from '../lib/member-data';
import { pageMeta, siteUrlFrom } from '../lib/meta';
import type { Route } from './+types/simulator';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Market Simulator',
    description:
      'Practise trading US stocks with virtual points: build a portfolio, set auto-sell triggers for profit targets and stop losses, and track your gains without risking money.',
    // /simulator and /simulator/my-profolio are one view (SPEC §2): one canonical URL.
    path: '/simulator',
    siteUrl: siteUrlFrom(matches),
  });

/** The portfolio needs the browser-held token: loaded in the browser (decision 018). */
export async function clientLoader() {
  return loadForMember(loadSimulator, { error: 'Failed to fetch portfolio' });
}
clientLoader.hydrate = true as const;

/** Buy, sell and trigger changes; the portfolio reloads after each (SPEC §4). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  return runMemberAction(request, SIMULATOR_ACTIONS);
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <PageContainer>
      <PageHeader
        title="Market Simulator"
        intro="Invest virtual points in US companies at end-of-day prices, set auto-sell triggers and follow your gains."
      />
      {children}
    </PageContainer>
  );
}

/** What the server renders: the page's frame and a loading line (it never holds the token). */
export function HydrateFallback() {
  return (
    <Shell>
      <p className="flex items-center gap-2 text-slate-600" role="status">
        <Spinner /> Loading your portfolio…
      </p>
      <noscript>
        <SignedOutPrompt startingPoints={DEFAULT_STARTING_POINTS} />
      </noscript>
    </Shell>
  );
}

export default function SimulatorRoute({ loaderData }: Route.ComponentProps) {
  return (
    <Shell>
      <SimulatorPage loaded={loaderData} startingPoints={DEFAULT_STARTING_POINTS} />
    </Shell>
  );
}
