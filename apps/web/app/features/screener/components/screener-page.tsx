import { formatDay, formatNumber } from '@app/shared/format';
import { SCREENER_PAGE_SIZE, SCREENER_PAGE_WINDOW } from '@app/shared/screener-view';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useNavigation, useRevalidator } from 'react-router';
import { DataTable } from '../../../components/ui/data-table';
import { Pager } from '../../../components/ui/pager';
import type { ScreenerData } from '../screener.api';
import { DEFAULT_VIEW, eodCsvPath, type ScreenerView, searchFromView, toggleSort } from '../screener-params';
import { type FilterDraft, ScreenerFilters } from './screener-filters';
import { SCREENER_COLUMNS, screenerSortColumn } from './screener-table';

/** SPEC §4: search and filter changes reload after 500 ms without typing. */
const DEBOUNCE_MS = 500;

const sameFilters = (a: FilterDraft, b: FilterDraft) => a.q === b.q && a.sect === b.sect && a.cap === b.cap;
const filtersOf = (view: ScreenerView): FilterDraft => ({ q: view.q, sect: view.sect, cap: view.cap });

/**
 * `dataDate`: the day the loaded prices are from, when known. The sentence names it, so it
 * never names a holiday or a day the data does not reach; SPEC §2's previous-weekday rule is
 * the fallback.
 */
export function ScreenerPage({ data, dataDate = null }: { data: ScreenerData; dataDate?: string | null }) {
  const { view, rows, count } = data;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [draft, setDraft] = useState<FilterDraft>(() => filtersOf(view));
  // The filters last sent to the URL: when the URL catches up with them, the draft (which may
  // already hold newer typing) is left alone; any other URL change (Back, a shared link) wins.
  const committed = useRef<FilterDraft>(filtersOf(view));

  const show = (next: ScreenerView) => {
    const search = searchFromView(next);
    navigate({ pathname: '/screener', search: search ? `?${search}` : '' }, { preventScrollReset: true });
  };

  useEffect(() => {
    const fromUrl = { q: view.q, sect: view.sect, cap: view.cap };
    if (sameFilters(fromUrl, committed.current)) return;
    committed.current = fromUrl;
    setDraft(fromUrl);
  }, [view.q, view.sect, view.cap]);

  // Only a new draft restarts the wait; the view is read when the timer fires (through a ref:
  // a sort or page change made during the wait must not be undone by the older view).
  const viewRef = useRef(view);
  viewRef.current = view;
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (sameFilters(draft, committed.current)) return;
    const timer = setTimeout(() => {
      committed.current = draft;
      show({ ...viewRef.current, ...draft, page: 1 });
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft]);

  const reset = () => {
    const cleared = filtersOf(DEFAULT_VIEW);
    committed.current = cleared;
    setDraft(cleared);
    show({ ...view, ...cleared, page: 1 });
  };

  const busy = navigation.state === 'loading' && navigation.location.pathname === '/screener';
  const first = (view.page - 1) * SCREENER_PAGE_SIZE + 1;
  const last = first + rows.length - 1;

  return (
    <>
      <p className="-mt-4 mb-6 text-slate-600">
        End-of-day data for the last trading day,{' '}
        <strong className="text-slate-800">{formatDay(dataDate ?? data.lastTradingDay)}</strong>.
      </p>
      <ScreenerFilters draft={draft} onChange={setDraft} onReset={reset} csvHref={eodCsvPath(view)} />
      <p aria-live="polite" className="mt-6 mb-3 min-h-5 text-sm text-slate-600">
        {busy
          ? 'Loading…'
          : rows.length > 0
            ? `Showing ${formatNumber(first)}–${formatNumber(last)} of ${formatNumber(count)} companies`
            : ''}
      </p>
      <DataTable
        label="Companies"
        columns={SCREENER_COLUMNS}
        rows={rows}
        rowKey={(row) => row.ticker}
        sort={{ column: view.sort, direction: view.dir }}
        onSort={(columnId) => {
          const column = screenerSortColumn(columnId);
          if (column) show(toggleSort(view, column));
        }}
        loading={busy}
        error={data.error}
        onRetry={() => revalidator.revalidate()}
        empty={
          count > 0 ? (
            <p>
              This page is past the end of the list.{' '}
              <button
                type="button"
                className="font-medium text-brand-700 hover:underline"
                onClick={() => show({ ...view, page: 1 })}
              >
                Back to page 1
              </button>
            </p>
          ) : (
            'No companies found matching your criteria.'
          )
        }
      />
      {count > SCREENER_PAGE_SIZE ? (
        <div className="mt-4">
          <Pager
            page={view.page}
            totalItems={count}
            pageSize={SCREENER_PAGE_SIZE}
            windowSize={SCREENER_PAGE_WINDOW}
            onPageChange={(page) => show({ ...view, page })}
            label="Screener pages"
          />
        </div>
      ) : null}
    </>
  );
}
