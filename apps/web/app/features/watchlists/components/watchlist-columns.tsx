import { formatCount, formatDay, formatMillions, formatPrice, formatSigned } from '@app/shared/format';
import { formatMeasure, MEASURE_BY_ID } from '@app/shared/screener-measures';
import type { WatchlistCompany } from '@app/shared/watchlists';
import { CellLink, type DataTableColumn } from '../../../components/ui/data-table';
import { measureTone } from '../../../lib/measure-format';
import type { useMemberAction } from '../../../lib/member-data';
import type { WatchlistIntents, WatchlistsData, WatchlistView } from '../watchlists.api';

export type WatchlistAction = ReturnType<typeof useMemberAction<WatchlistIntents>>;

/** The list's tickers with one moved a place up (-1) or down (1). */
export function moved(rows: readonly WatchlistCompany[], ticker: string, by: -1 | 1): string[] {
  const tickers = rows.map((r) => r.ticker);
  const i = tickers.indexOf(ticker);
  const j = i + by;
  if (i < 0 || j < 0 || j >= tickers.length) return tickers;
  [tickers[i], tickers[j]] = [tickers[j] as string, tickers[i] as string];
  return tickers;
}

/** The table's columns: the end-of-day figures, the measures the member picked, then order and remove. */
export function watchlistColumns(
  view: WatchlistView,
  current: WatchlistsData['current'],
  action: WatchlistAction,
): DataTableColumn<WatchlistCompany>[] {
  return [
    {
      id: 'ticker',
      header: 'Symbol',
      sticky: true,
      lead: true,
      sortable: true,
      cell: (r) => r.ticker,
      cellClassName: () => 'font-mono font-semibold text-slate-900',
    },
    {
      id: 'comp_name',
      header: 'Company',
      lead: true,
      sortable: true,
      cell: (r) => <CellLink to={`/companies/info/${r.slug}`}>{r.comp_name}</CellLink>,
    },
    {
      id: 'price',
      header: 'Price',
      numeric: true,
      sortable: true,
      cell: (r) => (r.price === null ? '-' : formatPrice(r.price)),
    },
    {
      id: 'pct_changes',
      header: 'Daily Change',
      numeric: true,
      sortable: true,
      cell: (r) =>
        r.pct_changes === null || r.net_changes === null
          ? '-'
          : `${formatSigned(r.net_changes)} (${formatSigned(r.pct_changes)}%)`,
      cellClassName: (r) =>
        `font-semibold ${r.net_changes === null ? 'text-slate-500' : r.net_changes >= 0 ? 'text-emerald-700' : 'text-red-700'}`,
    },
    {
      id: 'price_volume',
      header: 'Volume',
      numeric: true,
      sortable: true,
      cell: (r) => (r.price_volume === null ? '-' : formatCount(r.price_volume)),
    },
    {
      id: 'mkcap',
      header: 'Market Cap',
      numeric: true,
      sortable: true,
      cell: (r) => (r.mkcap === null ? '-' : formatMillions(r.mkcap)),
    },
    ...view.measures.map(
      (id): DataTableColumn<WatchlistCompany> => ({
        id,
        header: MEASURE_BY_ID[id].label,
        numeric: true,
        sortable: true,
        cell: (r) => formatMeasure(id, r.measures?.[id]),
        cellClassName: (r) => measureTone(id, r.measures?.[id]),
      }),
    ),
    { id: 'date', header: 'Close of', cell: (r) => (r.date ? formatDay(r.date, 'medium') : 'no prices') },
    {
      id: 'remove',
      header: 'Order',
      cell: (r) => <RowActions row={r} ordering={view.sort === 'position'} current={current} action={action} />,
    },
  ];
}

const ROW_BUTTON =
  'rounded px-2 py-1 text-xs font-semibold focus-visible:outline-2 focus-visible:outline-brand-500 disabled:text-slate-300';

/** Up and down (in the member's own order only), then remove. */
function RowActions({
  row,
  ordering,
  current,
  action,
}: {
  row: WatchlistCompany;
  ordering: boolean;
  current: WatchlistsData['current'];
  action: WatchlistAction;
}) {
  if (!current) return null;
  const move = (by: -1 | 1) =>
    action.submit('move', { id: current.id, tickers: moved(current.companies, row.ticker, by) });
  return (
    <span className="inline-flex items-center gap-1">
      {ordering ? (
        <>
          <button
            type="button"
            disabled={action.busy || row.ticker === current.companies[0]?.ticker}
            onClick={() => move(-1)}
            aria-label={`Move ${row.comp_name} up`}
            className={`${ROW_BUTTON} text-slate-700 hover:bg-slate-100`}
          >
            ↑
          </button>
          <button
            type="button"
            disabled={action.busy || row.ticker === current.companies.at(-1)?.ticker}
            onClick={() => move(1)}
            aria-label={`Move ${row.comp_name} down`}
            className={`${ROW_BUTTON} text-slate-700 hover:bg-slate-100`}
          >
            ↓
          </button>
        </>
      ) : null}
      <button
        type="button"
        disabled={action.busy}
        onClick={() => action.submit('remove', { id: current.id, ticker: row.ticker })}
        aria-label={`Remove ${row.comp_name} from ${current.name}`}
        className={`${ROW_BUTTON} text-red-700 hover:bg-red-50`}
      >
        Remove
      </button>
    </span>
  );
}
