import { formatCount, formatMillions, formatPrice } from '@app/shared/format';
import type { StockListItem } from '@app/shared/screener';
import { type EodSortBy, isUpDay, type SortDir } from '@app/shared/screener-view';
import { screenerSectorName } from '@app/shared/sectors';
import { Link } from 'react-router';

const SORTABLE: Array<{ column: EodSortBy; label: string }> = [
  { column: 'mkcap', label: 'Market Cap' },
  { column: 'price', label: 'Price' },
  { column: 'price_volume', label: 'Volume' },
  { column: 'pct_changes', label: 'Daily Change' },
];

const TH = 'px-3 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-600';

function SortArrow({ direction }: { direction: SortDir | null }) {
  const path =
    direction === 'asc' ? 'M6 14l6-6 6 6' : direction === 'desc' ? 'M6 10l6 6 6-6' : 'M8 9l4-4 4 4M8 15l4 4 4-4';
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
      <path d={path} />
    </svg>
  );
}

export interface ScreenerTableProps {
  rows: StockListItem[];
  sort: EodSortBy;
  dir: SortDir;
  busy: boolean;
  onSort: (column: EodSortBy) => void;
}

/** The list of SPEC §2: Symbol, Company (with industry), Sector, and four sortable measures. */
export function ScreenerTable({ rows, sort, dir, busy, onSort }: ScreenerTableProps) {
  return (
    <section
      aria-label="Companies"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must reach the region to scroll the table sideways on a narrow screen
      tabIndex={0}
      className="max-w-full overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-brand-500"
    >
      <table aria-busy={busy} className={`w-full min-w-[52rem] text-sm ${busy ? 'opacity-60' : ''}`}>
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            {/* The symbol stays in view while a narrow screen scrolls the measures sideways. */}
            <th scope="col" className={`${TH} sticky left-0 bg-slate-50`}>
              Symbol
            </th>
            <th scope="col" className={TH}>
              Company
            </th>
            <th scope="col" className={TH}>
              Sector
            </th>
            {SORTABLE.map(({ column, label }) => {
              const active = sort === column;
              return (
                <th
                  key={column}
                  scope="col"
                  aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}
                  className={`${TH} text-right`}
                >
                  <button
                    type="button"
                    onClick={() => onSort(column)}
                    className={`ml-auto inline-flex items-center gap-1 rounded uppercase tracking-wide hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500 ${active ? 'text-brand-700' : ''}`}
                  >
                    {label}
                    <SortArrow direction={active ? dir : null} />
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => {
            const tone =
              row.change === null ? 'text-slate-500' : isUpDay(row.net_changes) ? 'text-emerald-700' : 'text-red-700';
            return (
              <tr key={row.ticker} className="group hover:bg-slate-50">
                <td className="sticky left-0 bg-white px-3 py-3 font-mono font-semibold text-slate-900 group-hover:bg-slate-50">
                  {row.ticker}
                </td>
                <td className="px-3 py-3">
                  <Link
                    to={`/companies/info/${row.slug}`}
                    className="font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
                  >
                    {row.comp_name}
                  </Link>
                  {row.industry ? <div className="text-xs text-slate-600">{row.industry}</div> : null}
                </td>
                <td className="px-3 py-3 text-slate-700">
                  {row.sector === null ? '-' : (screenerSectorName(row.sector) ?? '-')}
                </td>
                <td className="px-3 py-3 text-right tabular-nums">{formatMillions(row.mkcap ?? 0)}</td>
                <td className="px-3 py-3 text-right tabular-nums">{formatPrice(row.price)}</td>
                <td className="px-3 py-3 text-right tabular-nums">{formatCount(row.price_volume)}</td>
                <td className={`px-3 py-3 text-right font-semibold tabular-nums ${tone}`}>{row.change ?? '-'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
