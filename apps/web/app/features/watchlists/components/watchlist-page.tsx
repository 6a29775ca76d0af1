import { MEASURES, type MeasureId } from '@app/shared/screener-measures';
import type { WatchlistCompany } from '@app/shared/watchlists';
import { WATCHLIST_MAX_MEASURES } from '@app/shared/watchlists-view';
import { useState } from 'react';
import { Link } from 'react-router';
import { CompanySearch } from '../../../components/company-search';
import { SignInPrompt } from '../../../components/sign-in-prompt';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { ListView } from '../../../components/ui/list-view';
import { TEXT_LINK } from '../../../components/ui/text-link';
import { type MemberLoaded, useMemberAction } from '../../../lib/member-data';
import { useListView } from '../../../lib/use-list-view';
import {
  isWatchlistMeasure,
  WATCHLIST_SORTS,
  type WatchlistIntents,
  type WatchlistSort,
  type WatchlistsData,
  type WatchlistView,
  watchlistCsv,
  watchlistHref,
} from '../watchlists.api';
import { AlertsPanel } from './alerts-panel';
import { moved, type WatchlistAction, watchlistColumns } from './watchlist-columns';

export { moved };

/** What a signed-out visitor is told (and, without JavaScript, everyone). */
export function WatchlistSignedOut() {
  return (
    <SignInPrompt title="Sign in to keep watchlists and set alerts." returnTo="/watchlists">
      A watchlist follows the companies you pick with their end-of-day price, daily change, volume and market cap,
      sortable and exportable as CSV. Alerts tell you when a price crosses a level, a day moves more than you expect, a
      52-week high or low is set or a new filing arrives, in the notifications menu and by e-mail.
    </SignInPrompt>
  );
}

const fixed: Record<
  Exclude<(typeof WATCHLIST_SORTS)[number], 'position'>,
  (r: WatchlistCompany) => string | number | null
> = {
  ticker: (r) => r.ticker,
  comp_name: (r) => r.comp_name.toLowerCase(),
  price: (r) => r.price,
  pct_changes: (r) => r.pct_changes,
  price_volume: (r) => r.price_volume,
  mkcap: (r) => r.mkcap,
};

/** The rows in the view's order; companies without the measure last either way. */
export function sortRows(rows: readonly WatchlistCompany[], sort: WatchlistSort, dir: 'asc' | 'desc') {
  if (sort === 'position') return dir === 'asc' ? [...rows] : [...rows].reverse();
  const of =
    sort in fixed
      ? fixed[sort as keyof typeof fixed]
      : (r: WatchlistCompany) => r.measures?.[sort as MeasureId] ?? null;
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = of(a);
    const y = of(b);
    if (x === y) return a.ticker < b.ticker ? -1 : 1;
    if (x === null) return 1;
    if (y === null) return -1;
    return sign * (x < y ? -1 : 1);
  });
}

/** The screen measures shown as extra columns (the URL keeps them), at most WATCHLIST_MAX_MEASURES. */
function MeasurePicker({ chosen, onChange }: { chosen: MeasureId[]; onChange: (measures: MeasureId[]) => void }) {
  const full = chosen.length >= WATCHLIST_MAX_MEASURES;
  return (
    <details className="mb-4 rounded-lg border border-slate-200 bg-white p-3 text-sm">
      <summary className="cursor-pointer font-semibold text-slate-800">
        Measures shown{chosen.length ? ` (${chosen.length})` : ''}: P/E, growth, returns…
      </summary>
      <fieldset className="mt-3">
        <legend className="text-slate-600">
          Add up to {WATCHLIST_MAX_MEASURES} of the screener's measures, as of the latest close (
          <Link className={TEXT_LINK} to="/screener/advanced">
            how each is computed
          </Link>
          ).
        </legend>
        <div className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-3">
          {MEASURES.filter((m) => isWatchlistMeasure(m.id)).map((m) => {
            const on = chosen.includes(m.id);
            return (
              <label key={m.id} className="flex items-center gap-2 text-slate-800">
                <input
                  type="checkbox"
                  checked={on}
                  disabled={!on && full}
                  onChange={() => onChange(on ? chosen.filter((id) => id !== m.id) : [...chosen, m.id])}
                />
                {m.label}
              </label>
            );
          })}
        </div>
      </fieldset>
    </details>
  );
}

export function WatchlistPage({ loaded }: { loaded: MemberLoaded<WatchlistsData> }) {
  if (loaded.status === 'signed-out') return <WatchlistSignedOut />;
  if (loaded.status === 'failed') return <Banner tone="error">{loaded.error}</Banner>;
  return <Watchlists data={loaded.data} />;
}

function Watchlists({ data }: { data: WatchlistsData }) {
  const list = useListView({ view: data.view, href: watchlistHref, draftKeys: [] as never[] });
  const { view } = list;
  const action = useMemberAction<WatchlistIntents>();
  const current = data.current;
  const rows = current ? sortRows(current.companies, view.sort, view.dir) : [];

  const columns = watchlistColumns(view, current, action);

  const downloadCsv = () => {
    if (!current) return;
    const blob = new Blob([watchlistCsv(rows, view.measures)], { type: 'text/csv' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `watchlist-${current.name.replace(/[^\w-]+/g, '-').toLowerCase()}.csv`;
    a.click();
    URL.revokeObjectURL(a.href);
  };

  return (
    <>
      {action.result && !action.result.ok ? <Banner tone="error">{action.result.error}</Banner> : null}
      <ListTabs data={data} current={current} view={view} action={action} />
      {current ? (
        <>
          <div className="mb-3 flex flex-wrap items-center gap-3">
            <h2 className="text-xl font-semibold text-slate-900">{current.name}</h2>
            <Button variant="secondary" onClick={downloadCsv} disabled={rows.length === 0}>
              Export CSV
            </Button>
            <Button
              variant="ghost"
              disabled={action.busy}
              onClick={() => action.submit('deleteList', { id: current.id })}
            >
              Delete this watchlist
            </Button>
          </div>
          <MeasurePicker
            chosen={view.measures}
            onChange={(measures) =>
              list.show({
                measures,
                sort:
                  (measures as string[]).includes(view.sort) ||
                  (WATCHLIST_SORTS as readonly string[]).includes(view.sort)
                    ? view.sort
                    : 'position',
              })
            }
          />
          <div className="mb-4">
            <CompanySearch
              label={`Add a company to ${current.name}`}
              initialText=""
              skipTexts={[]}
              clearOnSelect
              onSelect={(company) => action.submit('add', { id: current.id, ticker: company.ticker })}
            />
          </div>
          <ListView
            label={`Companies on ${current.name}`}
            noun={{ one: 'company', many: 'companies' }}
            columns={columns}
            rows={rows}
            rowKey={(r) => r.ticker}
            sort={view.sort === 'position' ? null : { column: view.sort, direction: view.dir }}
            onSort={(id) => {
              if (!(WATCHLIST_SORTS as readonly string[]).includes(id) && !isWatchlistMeasure(id)) return;
              const sort = id as WatchlistSort;
              list.show({ sort, dir: view.sort === sort && view.dir === 'asc' ? 'desc' : 'asc' });
            }}
            loading={list.busy}
            empty={
              <p>
                No companies yet: search for one above, or use "Add to watchlist" on a{' '}
                <Link className="text-brand-700 underline" to="/companies/info">
                  company page
                </Link>
                , in the{' '}
                <Link className="text-brand-700 underline" to="/screener">
                  screener
                </Link>{' '}
                or the{' '}
                <Link className="text-brand-700 underline" to="/companies/market-cap-rankings">
                  rankings
                </Link>
                .
              </p>
            }
          />
        </>
      ) : (
        <p className="text-slate-700">
          You have no watchlist yet. Create one above, or use "Add to watchlist" on a company page, in the screener or
          in the rankings.
        </p>
      )}
      <AlertsPanel data={data} action={action} />
    </>
  );
}

/** The member's lists as links, and the form that makes a new one. */
function ListTabs({
  data,
  current,
  view,
  action,
}: {
  data: WatchlistsData;
  current: WatchlistsData['current'];
  view: WatchlistView;
  action: WatchlistAction;
}) {
  const [name, setName] = useState('');
  return (
    <div className="mb-6 flex flex-wrap items-end gap-3">
      {data.lists.length > 0 ? (
        <nav aria-label="Your watchlists" className="flex flex-wrap gap-2">
          {data.lists.map((l) => (
            <Link
              key={l.id}
              to={watchlistHref({ list: l.id, measures: view.measures, sort: 'position', dir: 'asc' })}
              aria-current={l.id === current?.id ? 'page' : undefined}
              className={`rounded-full border px-3 py-1 text-sm font-semibold ${l.id === current?.id ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100'}`}
            >
              {l.name} ({l.count})
            </Link>
          ))}
        </nav>
      ) : null}
      <form
        className="ml-auto flex items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (!name.trim()) return;
          action.submit('create', { name: name.trim() });
          setName('');
        }}
      >
        <label className="text-sm text-slate-700">
          <span className="block font-medium">New watchlist</span>
          <input
            value={name}
            maxLength={60}
            onChange={(e) => setName(e.target.value)}
            className="mt-1 rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
        </label>
        <Button type="submit" variant="secondary" disabled={action.busy}>
          Create
        </Button>
      </form>
    </div>
  );
}
