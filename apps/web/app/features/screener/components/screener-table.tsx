import { formatCount, formatMillions, formatPrice } from '@app/shared/format';
import { isOneOf } from '@app/shared/one-of';
import type { StockListItem } from '@app/shared/screener';
import { EOD_SORT_COLUMNS, type EodSortBy, isUpDay } from '@app/shared/screener-view';
import { screenerSectorName } from '@app/shared/sectors';
import { AddToWatchlist } from '../../../components/add-to-watchlist';
import { CellLink, type DataTableColumn } from '../../../components/ui/data-table';

/** SPEC §2. */
export const SCREENER_COLUMNS: ReadonlyArray<DataTableColumn<StockListItem>> = [
  {
    id: 'symbol',
    header: 'Symbol',
    sticky: true,
    lead: true,
    cell: (row) => row.ticker,
    cellClassName: () => 'font-mono font-semibold text-slate-900',
  },
  {
    id: 'company',
    header: 'Company',
    lead: true,
    cell: (row) => (
      <>
        <CellLink to={`/companies/info/${row.slug}`}>{row.comp_name}</CellLink>
        {row.industry ? <div className="text-xs text-slate-600">{row.industry}</div> : null}
        <AddToWatchlist ticker={row.ticker} compName={row.comp_name} compact />
      </>
    ),
  },
  {
    id: 'sector',
    header: 'Sector',
    cell: (row) => (row.sector === null ? '-' : (screenerSectorName(row.sector) ?? '-')),
    cellClassName: () => 'text-slate-700',
  },
  { id: 'mkcap', header: 'Market Cap', numeric: true, sortable: true, cell: (row) => formatMillions(row.mkcap ?? 0) },
  { id: 'price', header: 'Price', numeric: true, sortable: true, cell: (row) => formatPrice(row.price) },
  {
    id: 'price_volume',
    header: 'Volume',
    numeric: true,
    sortable: true,
    cell: (row) => formatCount(row.price_volume),
  },
  {
    id: 'pct_changes',
    header: 'Daily Change',
    numeric: true,
    sortable: true,
    cell: (row) => row.change ?? '-',
    cellClassName: (row) =>
      `font-semibold ${row.change === null ? 'text-slate-500' : isUpDay(row.net_changes) ? 'text-emerald-700' : 'text-red-700'}`,
  },
];

export function screenerSortColumn(columnId: string): EodSortBy | null {
  return isOneOf(EOD_SORT_COLUMNS, columnId) ? columnId : null;
}
