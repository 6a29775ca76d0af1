import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { TEXT_LINK } from './text-link';

export type SortDirection = 'asc' | 'desc';

export interface DataTableColumn<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
  /** Needs `onSort` on the table. */
  sortable?: boolean;
  sticky?: boolean;
  lead?: boolean;
  href?: (row: Row) => string;
  cellClassName?: (row: Row) => string;
}

export interface DataTableProps<Row> {
  label: string;
  columns: ReadonlyArray<DataTableColumn<Row>>;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  sort?: { column: string; direction: SortDirection } | null;
  onSort?: (columnId: string) => void;
  loading?: boolean;
  error?: ReactNode;
  onRetry?: () => void;
  empty?: ReactNode;
  /** A Tailwind class; `sm:` with `stack`. */
  minWidthClass?: string;
  /** Below 640 px rows become cards, so a phone neither scrolls nor hides a column. */
  stack?: boolean;
  caption?: string;
}

const TH = 'px-3 py-3 text-xs font-semibold uppercase tracking-wide text-slate-600';

/** A plain anchor: a router `Link` cost ten hooks each while hydrating, 50-100 a table. */
export function CellLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <a href={to} data-cell-link="" className={TEXT_LINK}>
      {children}
    </a>
  );
}

/** A click with a modifier key or another button is left to the browser (new tab, download). */
function useCellLinkClicks(): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const link = event.target instanceof Element ? event.target.closest('a[data-cell-link]') : null;
    const href = link?.getAttribute('href');
    if (!href) return;
    event.preventDefault();
    navigate(href);
  };
}

function SortArrow({ direction }: { direction: SortDirection | null }) {
  const path =
    direction === 'asc' ? 'M6 14l6-6 6 6' : direction === 'desc' ? 'M6 10l6 6 6-6' : 'M8 9l4-4 4 4M8 15l4 4 4-4';
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
      <path d={path} />
    </svg>
  );
}

function ariaSort(column: string, sort: DataTableProps<unknown>['sort']): 'ascending' | 'descending' | 'none' {
  if (!sort || sort.column !== column) return 'none';
  return sort.direction === 'asc' ? 'ascending' : 'descending';
}

export function ErrorPanel({ children, onRetry }: { children: ReactNode; onRetry?: () => void }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
      {children}
      {onRetry ? (
        <button
          type="button"
          onClick={onRetry}
          className="mt-3 rounded-md border border-red-300 bg-white px-4 py-2 text-sm font-medium hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-red-600"
        >
          Try again
        </button>
      ) : null}
    </div>
  );
}

export function EmptyPanel({ loading = false, children }: { loading?: boolean; children: ReactNode }) {
  return (
    <div
      aria-busy={loading}
      className="rounded-xl border border-slate-200 bg-white p-8 text-center text-slate-600"
      data-state={loading ? 'loading' : 'empty'}
    >
      {loading ? <p>Loading…</p> : typeof children === 'string' ? <p>{children}</p> : children}
    </div>
  );
}

// The row's ::before is a full-width break after the lead cells; headers are CSS text, so a
// cell's own text stays the value alone.
const STACK = {
  table: 'max-sm:block',
  headWithSort: 'max-sm:block',
  headRow: 'max-sm:flex max-sm:flex-wrap max-sm:gap-x-3 max-sm:gap-y-1 max-sm:px-2 max-sm:py-1',
  headHidden: 'max-sm:sr-only',
  body: 'max-sm:block',
  row: "max-sm:flex max-sm:flex-wrap max-sm:items-baseline max-sm:gap-x-4 max-sm:gap-y-1 max-sm:px-3 max-sm:py-3 max-sm:before:order-1 max-sm:before:basis-full max-sm:before:content-['']",
  lead: 'max-sm:min-w-0 max-sm:p-0',
  // The name wraps if it must, so the figure and a Buy button stay at the line's right end.
  leadName: 'max-sm:flex-1',
  detail:
    'max-sm:order-2 max-sm:p-0 max-sm:before:mr-1.5 max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:uppercase max-sm:before:tracking-wide max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)]',
};

/** The table scrolls sideways in its own region, so the page never does. */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  sort = null,
  onSort,
  loading = false,
  error,
  onRetry,
  empty = 'Nothing to show.',
  minWidthClass = 'min-w-[52rem]',
  stack = false,
  caption,
}: DataTableProps<Row>) {
  const onLinkClick = useCellLinkClicks();
  if (error) return <ErrorPanel onRetry={onRetry}>{typeof error === 'string' ? <p>{error}</p> : error}</ErrorPanel>;
  if (rows.length === 0) return <EmptyPanel loading={loading}>{empty}</EmptyPanel>;
  const sortableHead = columns.some((column) => column.sortable) && onSort !== undefined;
  const leads = columns.filter((column) => column.lead);
  const figureAt = leads.findIndex((column, i) => column.numeric && leads.slice(0, i).some((c) => !c.numeric));
  const leadName = figureAt > 0 ? leads[figureAt - 1] : undefined;
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must reach the region to scroll the table sideways on a narrow screen
      tabIndex={0}
      className="max-w-full overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-brand-500"
    >
      <table
        aria-busy={loading}
        className={`w-full ${minWidthClass} text-sm ${stack ? STACK.table : ''} ${loading ? 'opacity-60' : ''}`}
      >
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead
          className={`border-b border-slate-200 bg-slate-50 ${stack ? (sortableHead ? STACK.headWithSort : STACK.headHidden) : ''}`}
        >
          <tr className={stack ? STACK.headRow : undefined}>
            {columns.map((column) => {
              const sortable = column.sortable && onSort;
              const state = ariaSort(column.id, sort);
              const classes = [
                TH,
                column.numeric ? (stack ? 'sm:text-right' : 'text-right') : 'text-left',
                column.sticky ? `${stack ? 'sm:sticky' : 'sticky'} left-0 bg-slate-50` : '',
                stack ? (sortable ? 'max-sm:p-1' : STACK.headHidden) : '',
              ];
              return (
                <th
                  key={column.id}
                  scope="col"
                  aria-sort={sortable ? state : undefined}
                  className={classes.filter(Boolean).join(' ')}
                >
                  {sortable ? (
                    <button
                      type="button"
                      onClick={() => onSort(column.id)}
                      className={`${column.numeric ? 'ml-auto' : ''} inline-flex items-center gap-1 rounded uppercase tracking-wide hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500 ${state !== 'none' ? 'text-brand-700' : ''}`}
                    >
                      {column.header}
                      <SortArrow direction={state === 'none' ? null : (sort?.direction ?? null)} />
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: the clicks are the links' own (Enter on a link clicks it); the body only handles them for the links */}
        <tbody className={`divide-y divide-slate-100 ${stack ? STACK.body : ''}`} onClick={onLinkClick}>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={`group hover:bg-slate-50 ${stack ? STACK.row : ''}`}>
              {columns.map((column) => {
                const content = column.cell(row);
                const classes = [
                  'px-3 py-3',
                  column.numeric ? `${stack && !column.lead ? 'sm:text-right' : 'text-right'} tabular-nums` : '',
                  column.sticky ? `${stack ? 'sm:sticky' : 'sticky'} left-0 bg-white group-hover:bg-slate-50` : '',
                  stack ? (column.lead ? STACK.lead : STACK.detail) : '',
                  stack && column === leadName ? STACK.leadName : '',
                  column.cellClassName?.(row) ?? '',
                ]
                  .filter(Boolean)
                  .join(' ');
                return (
                  <td
                    key={column.id}
                    className={classes}
                    data-label={stack && !column.lead ? column.header : undefined}
                  >
                    {column.href ? <CellLink to={column.href(row)}>{content}</CellLink> : content}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
