import { formatFractionPercent, formatMillions, formatNumber } from '@app/shared/format';
import type { RankingRow } from '@app/shared/rankings-view';
import { sectorName } from '@app/shared/sectors';
import { AddToWatchlist } from '../../../components/add-to-watchlist';
import { CellLink, type DataTableColumn } from '../../../components/ui/data-table';

/** SPEC §2 columns; `nowYear` adds where a past year's companies rank today. */
export function rankingColumns(year: number, nowYear: number | null): DataTableColumn<RankingRow>[] {
  const columns: DataTableColumn<RankingRow>[] = [
    { id: 'rank', header: 'Rank', numeric: true, lead: true, cell: (r) => formatNumber(r.rank) },
    {
      id: 'company',
      header: 'Company',
      lead: true,
      cell: (r) => (
        <>
          <CellLink to={`/companies/info/${r.slug}`}>{r.comp_name}</CellLink>
          <div className="font-mono text-xs text-slate-600">{r.ticker}</div>
          <AddToWatchlist ticker={r.ticker} compName={r.comp_name} compact />
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
