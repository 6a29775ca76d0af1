import { formatMillions, formatPrice } from '@app/shared/format';
import type { StockListItem } from '@app/shared/screener';
import { SCREENER_PAGE_SIZE, SCREENER_PAGE_WINDOW } from '@app/shared/screener-view';
import { screenerSectorName } from '@app/shared/sectors';
import { useEffect, useState } from 'react';
import { StockFilterBar } from '../../../components/stock-filters';
import { Button } from '../../../components/ui/button';
import type { DataTableColumn } from '../../../components/ui/data-table';
import { ListView } from '../../../components/ui/list-view';
import { TEXT_LINK } from '../../../components/ui/text-link';
import { eodApiPath, NO_STOCK_FILTERS, type StockFilters, type StockPage } from '../../../lib/eod-client';
import { useListView } from '../../../lib/use-list-view';
import { loadStocks } from '../simulator.api';

/** SPEC §4/§9: search and filters reload 500 ms after the last change. */
const DEBOUNCE_MS = 500;
const FILTERS = ['q', 'sect', 'cap'] as const;

interface StocksView extends StockFilters {
  page: number;
}

// The list's view stays in the page (the simulator's address does not change); its address is
// the API call it makes.
const stocksHref = (view: StocksView) => eodApiPath(view, view.page);

function useStockPage(view: StocksView): { page: StockPage | null; loading: boolean } {
  const path = stocksHref(view);
  const [loaded, setLoaded] = useState<{ path: string; page: StockPage | null }>({ path: '', page: null });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path stands for the view
  useEffect(() => {
    const controller = new AbortController();
    loadStocks(view, view.page, controller.signal).then(
      (page) => setLoaded({ path, page }),
      (err) => {
        if (controller.signal.aborted) return;
        // SPEC §8: stock list failures are logged only.
        console.error('Stock list failed to load', err);
        setLoaded((last) => ({ path, page: last.page }));
      },
    );
    return () => controller.abort();
  }, [path]);
  return { page: loaded.page, loading: loaded.path !== path };
}

export function AvailableStocks({ onPick }: { onPick: (stock: StockListItem) => void }) {
  const list = useListView<StocksView, (typeof FILTERS)[number]>({
    view: { ...NO_STOCK_FILTERS, page: 1 },
    href: stocksHref,
    draftKeys: FILTERS,
    debounceMs: DEBOUNCE_MS,
    inMemory: true,
  });
  const { page, loading } = useStockPage(list.view);

  const columns: DataTableColumn<StockListItem>[] = [
    {
      id: 'company',
      header: 'Company',
      lead: true,
      cell: (s) => (
        <button type="button" onClick={() => onPick(s)} className={`text-left ${TEXT_LINK}`}>
          {s.comp_name}
          <span className="ml-2 text-xs text-slate-500">{s.ticker}</span>
        </button>
      ),
    },
    { id: 'sector', header: 'Sector', cell: (s) => (s.sector === null ? '-' : (screenerSectorName(s.sector) ?? '-')) },
    { id: 'mkcap', header: 'Market Cap', numeric: true, cell: (s) => (s.mkcap ? formatMillions(s.mkcap) : '-') },
    { id: 'price', header: 'Price', numeric: true, lead: true, cell: (s) => formatPrice(s.price) },
    {
      id: 'buy',
      header: 'Buy',
      lead: true,
      cell: (s) => (
        <Button variant="secondary" onClick={() => onPick(s)} aria-label={`Buy ${s.comp_name}`}>
          Buy
        </Button>
      ),
    },
  ];

  return (
    <section aria-labelledby="stocks-heading" className="space-y-3">
      <h2 id="stocks-heading" className="text-xl font-semibold text-slate-900">
        Available Stocks
      </h2>
      <StockFilterBar
        label="Filter stocks"
        idPrefix="stocks"
        filters={list.draft}
        onChange={list.edit}
        onReset={() => list.reset(NO_STOCK_FILTERS)}
      />
      <ListView
        label="Available stocks"
        noun={{ one: 'company', many: 'companies' }}
        columns={columns}
        rows={page?.rows ?? []}
        rowKey={(s) => s.ticker}
        loading={loading}
        empty="No companies found matching your criteria."
        minWidthClass="sm:min-w-[40rem]"
        paging={{
          page: list.view.page,
          count: page?.count ?? 0,
          pageSize: SCREENER_PAGE_SIZE,
          windowSize: SCREENER_PAGE_WINDOW,
          onPageChange: (next) => list.show({ page: next }),
          label: 'Available stocks pages',
        }}
      />
    </section>
  );
}
