import { MARKET_CAP_BUCKETS } from '@app/shared/buckets';
import { formatMillions, formatPrice } from '@app/shared/format';
import type { StockListItem } from '@app/shared/screener';
import { SCREENER_PAGE_SIZE, SCREENER_PAGE_WINDOW } from '@app/shared/screener-view';
import { SECTORS } from '@app/shared/sectors';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { Field } from '../../../components/ui/field';
import { Pager } from '../../../components/ui/pager';
import { SelectField } from '../../../components/ui/select';
import { loadStocks } from '../simulator.api';

/** SPEC §4/§9: search and filters reload 500 ms after the last change. */
const DEBOUNCE_MS = 500;

export function AvailableStocks({ onPick }: { onPick: (stock: StockListItem) => void }) {
  const [draft, setDraft] = useState({ search: '', sect: 'any', mkCap: 'any' });
  const [applied, setApplied] = useState(draft);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ rows: StockListItem[]; count: number } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => {
      setApplied(draft);
      setPage(1);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft]);

  useEffect(() => {
    const controller = new AbortController();
    loadStocks({ page, ...applied }, controller.signal).then(
      (next) => {
        setData(next);
        setFailed(false);
      },
      (err) => {
        if (controller.signal.aborted) return;
        // SPEC §8: stock list failures are logged only.
        console.error('Stock list failed to load', err);
        setFailed(true);
      },
    );
    return () => controller.abort();
  }, [page, applied]);

  const columns: DataTableColumn<StockListItem>[] = [
    {
      id: 'company',
      header: 'Company',
      cell: (s) => (
        <button
          type="button"
          onClick={() => onPick(s)}
          className="text-left font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          {s.comp_name}
          <span className="ml-2 text-xs text-slate-500">{s.ticker}</span>
        </button>
      ),
    },
    { id: 'sector', header: 'Sector', cell: (s) => SECTORS.find((x) => x.code === s.sector)?.screenerName ?? '-' },
    { id: 'mkcap', header: 'Market Cap', numeric: true, cell: (s) => (s.mkcap ? formatMillions(s.mkcap) : '-') },
    { id: 'price', header: 'Price', numeric: true, cell: (s) => (s.price === null ? '-' : formatPrice(s.price)) },
    {
      id: 'buy',
      header: 'Buy',
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
      <search aria-label="Filter stocks">
        <form
          onSubmit={(e) => e.preventDefault()}
          className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto]"
        >
          <Field
            label="Search"
            name="search"
            type="search"
            placeholder="Ticker or company name"
            autoComplete="off"
            value={draft.search}
            onChange={(e) => setDraft({ ...draft, search: e.target.value })}
          />
          <SelectField
            label="Sector"
            name="sect"
            value={draft.sect}
            onChange={(e) => setDraft({ ...draft, sect: e.target.value })}
            options={[
              { value: 'any', label: 'All sectors' },
              ...SECTORS.map((s) => ({ value: String(s.code), label: s.screenerName })),
            ]}
          />
          <SelectField
            label="Market Cap"
            name="mkCap"
            value={draft.mkCap}
            onChange={(e) => setDraft({ ...draft, mkCap: e.target.value })}
            options={[
              { value: 'any', label: 'All sizes' },
              ...Object.entries(MARKET_CAP_BUCKETS).map(([value, b]) => ({ value, label: b.label })),
            ]}
          />
          <div className="flex items-end">
            <Button variant="secondary" onClick={() => setDraft({ search: '', sect: 'any', mkCap: 'any' })}>
              Reset Filters
            </Button>
          </div>
        </form>
      </search>
      <DataTable
        label="Available stocks"
        columns={columns}
        rows={data?.rows ?? []}
        rowKey={(s) => s.ticker}
        loading={data === null && !failed}
        empty="No companies found matching your criteria."
        minWidthClass="min-w-[40rem]"
      />
      {data && data.count > SCREENER_PAGE_SIZE ? (
        <Pager
          page={page}
          totalItems={data.count}
          pageSize={SCREENER_PAGE_SIZE}
          windowSize={SCREENER_PAGE_WINDOW}
          onPageChange={setPage}
          label="Available stocks pages"
        />
      ) : null}
    </section>
  );
}
