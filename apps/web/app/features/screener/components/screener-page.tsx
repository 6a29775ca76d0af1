import { formatDay } from '@app/shared/format';
import { SCREENER_PAGE_SIZE, SCREENER_PAGE_WINDOW } from '@app/shared/screener-view';
import { useRevalidator } from 'react-router';
import { StockFilterBar } from '../../../components/stock-filters';
import { buttonClass } from '../../../components/ui/button';
import { ListView } from '../../../components/ui/list-view';
import { TEXT_LINK } from '../../../components/ui/text-link';
import { eodCsvPath, NO_STOCK_FILTERS } from '../../../lib/eod-client';
import { useListView } from '../../../lib/use-list-view';
import type { ScreenerData } from '../screener.api';
import { orderOf, screenerHref, toggleSort } from '../screener-params';
import { SCREENER_COLUMNS, screenerSortColumn } from './screener-table';

/** SPEC §4: search and filter changes reload after 500 ms without typing. */
const DEBOUNCE_MS = 500;
const FILTERS = ['q', 'sect', 'cap'] as const;

/** The sentence names `dataDate`, never a holiday; SPEC §2's previous weekday is the fallback. */
export function ScreenerPage({ data, dataDate = null }: { data: ScreenerData; dataDate?: string | null }) {
  const { rows, count } = data;
  const list = useListView({ view: data.view, href: screenerHref, draftKeys: FILTERS, debounceMs: DEBOUNCE_MS });
  const { view } = list;
  const revalidator = useRevalidator();

  return (
    <>
      <p className="-mt-4 mb-6 text-slate-600">
        End-of-day data for the last trading day,{' '}
        <strong className="text-slate-800">{formatDay(dataDate ?? data.lastTradingDay)}</strong>.{' '}
        <a href="/screener/advanced" className={TEXT_LINK}>
          Advanced screen
        </a>
        : valuation, growth and performance filters, your own columns, any trading day since 1999.
      </p>
      <StockFilterBar
        label="Filter companies"
        idPrefix="screener"
        filters={list.draft}
        onChange={list.edit}
        onReset={() => list.reset(NO_STOCK_FILTERS)}
        actions={
          <a href={eodCsvPath(view, orderOf(view))} download className={`${buttonClass()} whitespace-nowrap`}>
            Export CSV
          </a>
        }
      />
      <ListView
        className="mt-6"
        label="Companies"
        noun={{ one: 'company', many: 'companies' }}
        columns={SCREENER_COLUMNS}
        rows={rows}
        rowKey={(row) => row.ticker}
        sort={{ column: view.sort, direction: view.dir }}
        onSort={(columnId) => {
          const column = screenerSortColumn(columnId);
          if (!column) return;
          const { sort, dir } = toggleSort(view, column);
          list.show({ sort, dir });
        }}
        loading={list.busy}
        error={data.error}
        onRetry={() => revalidator.revalidate()}
        empty="No companies found matching your criteria."
        paging={{
          page: view.page,
          count,
          pageSize: SCREENER_PAGE_SIZE,
          windowSize: SCREENER_PAGE_WINDOW,
          onPageChange: (page) => list.show({ page }),
          label: 'Screener pages',
        }}
      />
    </>
  );
}
