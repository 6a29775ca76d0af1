import { isOpenYear, RANKINGS_PAGE_SIZE, RANKINGS_PAGE_WINDOW } from '@app/shared/rankings-view';
import { memo, useEffect } from 'react';
import { useRevalidator } from 'react-router';
import { ErrorPanel } from '../../../components/ui/data-table';
import { ListView } from '../../../components/ui/list-view';
import { authStore, startAuth, useAuth } from '../../../lib/auth-state';
import { useListView } from '../../../lib/use-list-view';
import { downloadRankingsCsv, RANKINGS_FAILED, type RankingsData, servedYear } from '../rankings.api';
import { RANKINGS, type RankingsView, rankingsCsvPath, rankingsHref, searchOf } from '../rankings-params';
import { RankingsFilters } from './rankings-filters';
import { rankingColumns } from './rankings-table';

const DRAFT = ['name'] as const;

/**
 * SPEC §4/§5: invalid values and a year an anonymous visitor may not see are written back. Not a
 * router navigation: it refetched and re-rendered the table after hydration (0.5 s blocking, mobile).
 */
function useYearInUrl(asked: RankingsView, served: number): void {
  const askedSearch = searchOf(asked);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the URL asked for or the year served changes
  useEffect(() => {
    startAuth();
    const year = served !== asked.year && authStore.getState().token === null ? served : asked.year;
    const wanted = searchOf({ ...asked, year });
    if (wanted === new URLSearchParams(window.location.search).toString()) return;
    window.history.replaceState(window.history.state, '', `${RANKINGS[asked.type].path}?${wanted}`);
  }, [askedSearch, served]);
}

/** Memoised: at hydration the clientLoader answers with the rows already shown. */
export const RankingsPage = memo(function RankingsPage({ data }: { data: RankingsData }) {
  const served = servedYear(data);
  useYearInUrl(data.view, served);
  const list = useListView({ view: { ...data.view, year: served }, href: rankingsHref, draftKeys: DRAFT });
  const { view } = list;
  const ranking = RANKINGS[view.type];
  const signedIn = useAuth().token !== null;
  const revalidator = useRevalidator();

  if (data.page.status === 'failed') {
    const { error } = data.page;
    return (
      <ErrorPanel onRetry={() => revalidator.revalidate()}>
        <p className="font-semibold">{RANKINGS_FAILED}</p>
        {error !== RANKINGS_FAILED ? <p className="mt-1 text-sm">{error}</p> : null}
      </ErrorPanel>
    );
  }
  const { rows, meta } = data.page.data;

  const csvHref = rankingsCsvPath(view);
  return (
    <>
      <RankingsFilters
        view={view}
        name={list.draft.name}
        signedIn={signedIn}
        csvHref={csvHref}
        onCsvClick={(event) => {
          // A link cannot carry the bearer token: a member's locked year is fetched with it.
          if (!signedIn || isOpenYear(view.year)) return;
          event.preventDefault();
          void downloadRankingsCsv(csvHref, `${view.type}-rankings-${view.year}.csv`);
        }}
        onNameChange={(name) => list.edit({ name })}
        onSearch={list.apply}
        onChange={list.show}
      />
      <h2 className="mt-8 mb-1 text-xl font-semibold text-slate-900">
        {view.year}: ranked by {ranking.noun}
      </h2>
      <ListView
        label={`${ranking.title} ${view.year}`}
        noun={{ one: 'company', many: 'companies' }}
        columns={rankingColumns(view.year, meta?.nowYear ?? null)}
        rows={rows}
        rowKey={(r) => r.ticker}
        loading={list.busy}
        empty="No companies found matching your criteria."
        minWidthClass="sm:min-w-[56rem]"
        paging={{
          page: view.page,
          count: meta?.count ?? 0,
          pageSize: RANKINGS_PAGE_SIZE,
          windowSize: RANKINGS_PAGE_WINDOW,
          onPageChange: (page) => list.show({ page }),
          label: 'Rankings pages',
        }}
      />
    </>
  );
});
