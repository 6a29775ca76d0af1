import { formatNumber } from '@app/shared/format';
import type { ReactNode } from 'react';
import { DataTable, type DataTableColumn, EmptyPanel, ErrorPanel, type SortDirection } from './data-table';
import { Pager } from './pager';

export interface ListPaging {
  /** 1-based. */
  page: number;
  count: number;
  pageSize: number;
  /** Numbered buttons at a time (SPEC §9). */
  windowSize: number;
  onPageChange: (page: number) => void;
  label: string;
}

interface ListViewBase<Row> {
  label: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  loading?: boolean;
  loadingText?: string;
  error?: ReactNode;
  onRetry?: () => void;
  empty: ReactNode;
  noun: { one: string; many: string };
  paging?: ListPaging;
  className?: string;
}

interface TableBody<Row> {
  columns: ReadonlyArray<DataTableColumn<Row>>;
  sort?: { column: string; direction: SortDirection } | null;
  onSort?: (columnId: string) => void;
  minWidthClass?: string;
  renderItem?: never;
  itemsClassName?: never;
}

interface ItemsBody<Row> {
  columns?: never;
  renderItem: (row: Row) => ReactNode;
  itemsClassName?: string;
}

export type ListViewProps<Row> = ListViewBase<Row> & (TableBody<Row> | ItemsBody<Row>);

function statusText<Row>({ rows, noun, paging }: ListViewProps<Row>): string {
  if (!paging) return `${formatNumber(rows.length)} ${rows.length === 1 ? noun.one : noun.many}`;
  if (rows.length === 0) return '';
  const first = (paging.page - 1) * paging.pageSize + 1;
  return `Showing ${formatNumber(first)}-${formatNumber(first + rows.length - 1)} of ${formatNumber(paging.count)} ${noun.many}`;
}

export function ListView<Row>(props: ListViewProps<Row>) {
  const { label, rows, rowKey, loading = false, loadingText = 'Loading…', error, onRetry, paging } = props;
  // An old link, or a list that shrank.
  const empty =
    paging && paging.count > 0 ? (
      <p>
        This page is past the end of the list.{' '}
        <button
          type="button"
          className="font-medium text-brand-700 hover:underline"
          onClick={() => paging.onPageChange(1)}
        >
          Back to page 1
        </button>
      </p>
    ) : (
      props.empty
    );
  return (
    <div className={props.className}>
      <p aria-live="polite" className="mb-3 min-h-5 text-sm text-slate-600">
        {error ? '' : loading ? loadingText : statusText(props)}
      </p>
      {props.columns ? (
        <DataTable
          label={label}
          columns={props.columns}
          rows={rows}
          rowKey={rowKey}
          sort={props.sort}
          onSort={props.onSort}
          loading={loading}
          error={error}
          onRetry={onRetry}
          empty={empty}
          minWidthClass={props.minWidthClass ?? 'sm:min-w-[52rem]'}
          stack
        />
      ) : error ? (
        <ErrorPanel onRetry={onRetry}>{typeof error === 'string' ? <p>{error}</p> : error}</ErrorPanel>
      ) : rows.length === 0 ? (
        <EmptyPanel>{empty}</EmptyPanel>
      ) : (
        <section
          aria-label={label}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
          tabIndex={0}
          aria-busy={loading}
          className={`rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ${props.itemsClassName ?? ''} ${loading ? 'opacity-60' : ''}`}
        >
          <ul className="space-y-3">
            {rows.map((row) => (
              <li key={rowKey(row)}>{props.renderItem(row)}</li>
            ))}
          </ul>
        </section>
      )}
      {paging && paging.count > paging.pageSize ? (
        <div className="mt-4">
          <Pager
            page={paging.page}
            totalItems={paging.count}
            pageSize={paging.pageSize}
            windowSize={paging.windowSize}
            onPageChange={paging.onPageChange}
            label={paging.label}
          />
        </div>
      ) : null}
    </div>
  );
}
