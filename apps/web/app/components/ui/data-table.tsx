import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';

export type SortDirection = 'asc' | 'desc';

/** One column of a {@link DataTable}, generic over the row it reads. */
export interface DataTableColumn<Row> {
  /** Stable id; the sort state and `onSort` speak of columns by it. */
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Right-aligned with tabular figures, so digits line up down the column. */
  numeric?: boolean;
  /** Offers a sort button in the header (needs `onSort` on the table). */
  sortable?: boolean;
  /** Stays in view while a narrow screen scrolls the other columns sideways. Use on the first column. */
  sticky?: boolean;
  /**
   * With `stack`, on the first line of a phone's row card (the name, the price, the action);
   * the other columns follow it, each after its header.
   */
  lead?: boolean;
  /** The cell becomes a link to this address (the row's link, e.g. a company page). */
  href?: (row: Row) => string;
  /** Extra classes of the body cell, e.g. a colour that depends on the value. */
  cellClassName?: (row: Row) => string;
}

export interface DataTableProps<Row> {
  /** Accessible name of the scrolling region around the table. */
  label: string;
  columns: ReadonlyArray<DataTableColumn<Row>>;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The column the rows are sorted by, if the table shows it. */
  sort?: { column: string; direction: SortDirection } | null;
  onSort?: (columnId: string) => void;
  /** A request for new rows is under way: the old rows stay, dimmed, with `aria-busy`. */
  loading?: boolean;
  /** Replaces the table with a red alert box. */
  error?: ReactNode;
  /** Shown with `error` to try again. */
  onRetry?: () => void;
  /** Shown instead of the table when there are no rows (and no error, and nothing loading yet). */
  empty?: ReactNode;
  /** Minimum table width before the region scrolls sideways (a Tailwind class; `sm:` with `stack`). */
  minWidthClass?: string;
  /**
   * Below 640 px each row becomes a card instead of a wide row: the `lead` columns on its first
   * line, the others as labelled values under them, so a phone neither scrolls nor hides any.
   */
  stack?: boolean;
  caption?: string;
}

const TH = 'px-3 py-3 text-xs font-semibold uppercase tracking-wide text-slate-600';
const LINK = 'font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500';

/**
 * A link inside a cell of a {@link DataTable}, styled like every row link of the site (for cells
 * with more than the link). A plain anchor: the table navigates in the browser for all its links
 * with one handler (see `useCellLinkClicks`), where a router `Link` a row cost ten hooks each
 * while the page hydrated (50-100 links a table).
 */
export function CellLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <a href={to} data-cell-link="" className={LINK}>
      {children}
    </a>
  );
}

/**
 * One click handler for every cell link of a table: a plain left click (or Enter) navigates in
 * the browser, as a router `Link` would; a click with a modifier key or another button is left to
 * the browser (new tab, new window, download).
 */
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

/** A red box in place of content that failed to load, with a way to try again. */
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

/** In place of a list with no rows: what is loading, or why there is nothing. */
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

// Stacked rows (`stack`) below 640 px: the row is a wrapping flex line whose ::before, ordered
// between the lead cells and the others, is a full-width break; the other cells show their
// header before the value as CSS text, so a cell's own text stays the value alone.
const STACK = {
  table: 'max-sm:block',
  headWithSort: 'max-sm:block',
  headRow: 'max-sm:flex max-sm:flex-wrap max-sm:gap-x-3 max-sm:gap-y-1 max-sm:px-2 max-sm:py-1',
  headHidden: 'max-sm:sr-only',
  body: 'max-sm:block',
  row: "max-sm:flex max-sm:flex-wrap max-sm:items-baseline max-sm:gap-x-4 max-sm:gap-y-1 max-sm:px-3 max-sm:py-3 max-sm:before:order-1 max-sm:before:basis-full max-sm:before:content-['']",
  lead: 'max-sm:min-w-0 max-sm:p-0',
  // The name before the lead line's first figure takes the room left, wrapping if it must, so
  // the figure and what follows it (a Buy button) stay on the line at its right end.
  leadName: 'max-sm:flex-1',
  detail:
    'max-sm:order-2 max-sm:p-0 max-sm:before:mr-1.5 max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:uppercase max-sm:before:tracking-wide max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)]',
};

/**
 * The site's table: sortable headers with `aria-sort`, numeric columns right-aligned, loading,
 * empty and error states, cell links, and a region of its own that scrolls sideways on a narrow
 * screen so the page never does (or, with `stack`, rows that become cards on a phone).
 */
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
