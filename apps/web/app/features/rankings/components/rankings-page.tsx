import { MARKET_CAP_BUCKETS, YEARLY_CHANGE_BUCKETS } from '@app/shared/buckets';
import { formatFractionPercent, formatMillions, formatNumber } from '@app/shared/format';
import {
  FIRST_RANKING_YEAR,
  isOpenYear,
  lastRankingYear,
  OPEN_YEARS,
  RANKINGS_PAGE_SIZE,
  RANKINGS_PAGE_WINDOW,
  RANKINGS_SEARCH_MAX_LENGTH,
  type RankingRow,
} from '@app/shared/rankings-view';
import { SECTORS, sectorName } from '@app/shared/sectors';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useNavigation, useRevalidator } from 'react-router';
import { CellLink, DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { Pager } from '../../../components/ui/pager';
import { browserAuthHeaders } from '../../../lib/api-client';
import { authStore, startAuth, useAuth } from '../../../lib/auth-state';
import type { RankingsData } from '../rankings.api';
import { RANKINGS, type RankingsView, rankingsCsvPath, searchOf } from '../rankings-params';

const FIELD =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500';
const LABEL = 'mb-1 block text-sm font-medium text-slate-700';
const LOCKED_HINT = 'Login to access this year';

function columnsFor(year: number, nowYear: number | null): DataTableColumn<RankingRow>[] {
  const columns: DataTableColumn<RankingRow>[] = [
    { id: 'rank', header: 'Rank', numeric: true, cell: (r) => formatNumber(r.rank) },
    {
      id: 'company',
      header: 'Company',
      cell: (r) => (
        <>
          <CellLink to={`/companies/info/${r.slug}`}>{r.comp_name}</CellLink>
          <div className="font-mono text-xs text-slate-600">{r.ticker}</div>
        </>
      ),
    },
    { id: 'sector', header: 'Sector', cell: (r) => (r.sector === null ? '-' : (sectorName(r.sector) ?? '-')) },
    { id: 'mkcap', header: 'Market cap', numeric: true, cell: (r) => formatMillions(r.ann_mkcap ?? 0) },
    {
      id: 'return',
      header: 'Annual returns',
      numeric: true,
      cell: (r) => (
        <>
          {r.ann_return === null ? '-' : formatFractionPercent(r.ann_return)}
          {r.first_year && r.ann_return !== null ? (
            <div className="text-xs font-normal text-slate-600">from first close</div>
          ) : null}
        </>
      ),
      cellClassName: (r) =>
        r.ann_return === null ? '' : r.ann_return < 0 ? 'text-red-700' : r.ann_return > 0 ? 'text-emerald-700' : '',
    },
    {
      id: 'volume',
      header: 'Estimated dollar volume',
      numeric: true,
      cell: (r) => formatMillions(r.ann_dr_volume),
    },
  ];
  // Where a year's leaders ended up: only meaningful for a year before the current one.
  if (nowYear !== null && nowYear > year) {
    columns.push({
      id: 'now',
      header: `Now (${nowYear})`,
      numeric: true,
      cell: (r) => (r.now_rank === null ? `delisted (${r.last_year})` : formatNumber(r.now_rank)),
      cellClassName: (r) => (r.now_rank === null ? 'text-slate-500' : ''),
    });
  }
  return columns;
}

async function downloadWithToken(path: string, filename: string): Promise<void> {
  try {
    const response = await fetch(path, { headers: browserAuthHeaders() });
    if (!response.ok) throw new Error(`HTTP error! status: ${response.status}`);
    const url = URL.createObjectURL(await response.blob());
    const link = Object.assign(document.createElement('a'), { href: url, download: filename });
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch (err) {
    console.error('Rankings CSV failed to download', err);
  }
}

/** The one rankings view of SPEC §2 (type from the path). */
export function RankingsPage({ data }: { data: RankingsData }) {
  const { view, rows, meta, error } = data;
  const ranking = RANKINGS[view.type];
  const navigate = useNavigate();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const auth = useAuth();
  const signedIn = auth.token !== null;
  const [name, setName] = useState(view.name);
  const ids = { year: useId(), search: useId(), cap: useId(), change: useId(), sector: useId() };

  useEffect(() => setName(view.name), [view.name]);

  // Changes made before the last one has loaded build on it, not on the view still shown:
  // two filters changed in quick succession both stay in the URL.
  // Only a committed navigation moves the base: a revalidation of the old URL while a change is
  // on its way must not bring the old filters back.
  const location = useLocation();
  const requested = useRef(view);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the base follows navigations, not every new view object
  useEffect(() => {
    requested.current = view;
  }, [location.key]);
  const show = (change: Partial<RankingsView>, replace = false) => {
    const next = { ...requested.current, ...change };
    requested.current = next;
    navigate({ pathname: ranking.path, search: `?${searchOf(next)}` }, { replace, preventScrollReset: true });
  };

  // SPEC §4/§5: the URL always names the year and page shown; invalid values and a year an
  // anonymous visitor may not see are written back with replace. A signed-in visitor's browser
  // loads the asked year itself (clientLoader), so their URL is left alone.
  // The page already shows what the written URL names, so the URL is replaced in place: a router
  // navigation would fetch the same rows again and re-render the table just after hydration
  // (Lighthouse counted it as 0.5 s of blocking time on a mobile profile). The router's own
  // history state is kept, so back, forward and reload see the written URL.
  const served = meta?.year ?? view.year;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the URL or the answer changes
  useEffect(() => {
    startAuth();
    const year = served !== view.year && authStore.getState().token === null ? served : view.year;
    const wanted = searchOf({ ...view, year });
    const current = new URLSearchParams(window.location.search).toString();
    if (wanted === current) return;
    requested.current = { ...view, year };
    window.history.replaceState(window.history.state, '', `${ranking.path}?${wanted}`);
  }, [served, view.year, view.page, view.name, view.mkCap, view.yChange, view.sect, view.type]);

  // A signed-in member asking for a year the server could not show them (the server has no
  // token) gets it from the browser: once per asked view, so a year the API still refuses is
  // not asked for again and again.
  const fetchedFor = useRef<string | null>(null);
  useEffect(() => {
    const asked = searchOf(view);
    if (!signedIn || served === view.year || fetchedFor.current === asked) return;
    fetchedFor.current = asked;
    revalidator.revalidate();
  }, [signedIn, served, view, revalidator]);

  const lastYear = lastRankingYear();
  const years = useMemo(
    () => Array.from({ length: lastYear - FIRST_RANKING_YEAR + 1 }, (_, i) => lastYear - i),
    [lastYear],
  );
  const shownYear = served;
  const busy = navigation.state === 'loading' && navigation.location.pathname.startsWith(ranking.path);

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    show({ name: name.trim(), page: 1 });
  };

  if (error) {
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
        <p className="font-semibold">{error.message}</p>
        {error.detail ? <p className="mt-1 text-sm">{error.detail}</p> : null}
        <button
          type="button"
          onClick={() => revalidator.revalidate()}
          className="mt-3 rounded-md border border-red-300 bg-white px-4 py-2 text-sm font-medium hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-red-600"
        >
          Try again
        </button>
      </div>
    );
  }

  const count = meta?.count ?? 0;
  const first = (view.page - 1) * RANKINGS_PAGE_SIZE + 1;
  const last = first + rows.length - 1;

  return (
    <>
      <div className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <label htmlFor={ids.year} className={LABEL}>
            Year
          </label>
          <select
            id={ids.year}
            value={shownYear}
            onChange={(event) => {
              const year = Number(event.target.value);
              // SPEC §5: the selector ignores a year an anonymous visitor may not see.
              if (!signedIn && !isOpenYear(year)) return;
              show({ year, page: 1 });
            }}
            className={FIELD}
          >
            {years.map((y) => {
              const locked = !signedIn && !isOpenYear(y);
              return (
                <option key={y} value={y} disabled={locked} title={locked ? LOCKED_HINT : undefined}>
                  {locked ? `${y} — ${LOCKED_HINT}` : y}
                </option>
              );
            })}
          </select>
          {signedIn ? null : (
            <p className="mt-1 text-xs text-slate-600">
              Login to access years outside {OPEN_YEARS.from}–{OPEN_YEARS.to}.
            </p>
          )}
        </div>
        <div>
          <label htmlFor={ids.cap} className={LABEL}>
            Market cap
          </label>
          <select
            id={ids.cap}
            value={view.mkCap}
            onChange={(event) => show({ mkCap: event.target.value as RankingsView['mkCap'], page: 1 })}
            className={FIELD}
          >
            <option value="any">Any market cap</option>
            {Object.entries(MARKET_CAP_BUCKETS).map(([value, b]) => (
              <option key={value} value={value}>
                {b.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.change} className={LABEL}>
            Yearly change
          </label>
          <select
            id={ids.change}
            value={view.yChange}
            onChange={(event) => show({ yChange: event.target.value as RankingsView['yChange'], page: 1 })}
            className={FIELD}
          >
            <option value="any">Any change</option>
            {Object.entries(YEARLY_CHANGE_BUCKETS).map(([value, b]) => (
              <option key={value} value={value}>
                {b.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.sector} className={LABEL}>
            Sector
          </label>
          <select
            id={ids.sector}
            value={view.sect === null ? 'any' : String(view.sect)}
            onChange={(event) =>
              show({ sect: event.target.value === 'any' ? null : Number(event.target.value), page: 1 })
            }
            className={FIELD}
          >
            <option value="any">All sectors</option>
            {SECTORS.map((s) => (
              <option key={s.code} value={s.code}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <search aria-label="Search companies" className="sm:col-span-2 lg:col-span-4">
          <form onSubmit={submitSearch} className="flex flex-wrap items-end gap-2">
            <div className="min-w-0 flex-1 basis-full sm:basis-auto">
              <label htmlFor={ids.search} className={LABEL}>
                Company name
              </label>
              <input
                id={ids.search}
                type="search"
                value={name}
                maxLength={RANKINGS_SEARCH_MAX_LENGTH}
                placeholder="Search by company name"
                autoComplete="off"
                onChange={(event) => setName(event.target.value)}
                className={FIELD}
              />
            </div>
            <button
              type="submit"
              className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
            >
              Search
            </button>
            <a
              href={rankingsCsvPath({ ...view, year: shownYear })}
              download
              onClick={(event) => {
                // A link cannot carry the bearer token: a member's locked year is fetched with it.
                if (!signedIn || isOpenYear(shownYear)) return;
                event.preventDefault();
                downloadWithToken(
                  rankingsCsvPath({ ...view, year: shownYear }),
                  `${view.type}-rankings-${shownYear}.csv`,
                );
              }}
              className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500"
            >
              Export CSV
            </a>
          </form>
        </search>
      </div>

      <h2 className="mt-8 text-xl font-semibold text-slate-900">
        {shownYear}: ranked by {ranking.noun}
      </h2>
      <p aria-live="polite" className="mt-1 mb-3 min-h-5 text-sm text-slate-600">
        {busy
          ? 'Loading…'
          : rows.length > 0
            ? `Showing ${formatNumber(first)}-${formatNumber(last)} of ${formatNumber(count)} companies`
            : ''}
      </p>
      <DataTable
        label={`${ranking.title} ${shownYear}`}
        columns={columnsFor(shownYear, meta?.nowYear ?? null)}
        rows={rows}
        rowKey={(r) => r.ticker}
        loading={busy}
        minWidthClass="min-w-[56rem]"
        empty={
          count > 0 ? (
            <p>
              This page is past the end of the list.{' '}
              <button
                type="button"
                className="font-medium text-brand-700 hover:underline"
                onClick={() => show({ year: shownYear, page: 1 })}
              >
                Back to page 1
              </button>
            </p>
          ) : (
            'No companies found matching your criteria.'
          )
        }
      />
      {count > RANKINGS_PAGE_SIZE ? (
        <div className="mt-4">
          <Pager
            page={view.page}
            totalItems={count}
            pageSize={RANKINGS_PAGE_SIZE}
            windowSize={RANKINGS_PAGE_WINDOW}
            onPageChange={(page) => show({ year: shownYear, page })}
            label="Rankings pages"
          />
        </div>
      ) : null}
    </>
  );
}
