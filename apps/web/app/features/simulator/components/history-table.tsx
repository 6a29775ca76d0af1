import { formatPrice } from '@app/shared/format';
import type { PastPick } from '@app/shared/simulator';
import { SOLD_BY_LABELS } from '@app/shared/simulator-view';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { formatGain, formatPointsNumber, gainClass } from '../points';

function triggersText(p: PastPick): string {
  const set = [
    p.asell_above > 0 ? `+${p.asell_above}%` : null,
    p.asell_below > 0 ? `-${p.asell_below}%` : null,
    p.asell_date,
  ].filter(Boolean);
  const sold = p.sold_by === 'manual' ? SOLD_BY_LABELS.manual : `Sold by ${SOLD_BY_LABELS[p.sold_by]}`;
  return set.length > 0 ? `${set.join(', ')} · ${sold}` : sold;
}

/**
 * Portfolio History (SPEC §2 columns). Below 1024 px the prices, dates and triggers move under
 * the company name; points invested and the gain keep their columns.
 */
export function HistoryTable({ rows }: { rows: PastPick[] }) {
  const columns: DataTableColumn<PastPick>[] = [
    {
      id: 'company',
      header: 'Company',
      cell: (p) => (
        <span className="block min-w-[6rem] [overflow-wrap:anywhere]">
          {p.comp_name}
          <span className="mt-1 block text-xs text-slate-600 lg:hidden">
            {p.ticker} · bought {formatPrice(p.purchase_price)} on {p.purchase_date} · sold {formatPrice(p.end_price)}{' '}
            on {p.end_date} · {triggersText(p)}
          </span>
        </span>
      ),
    },
    { id: 'ticker', header: 'Ticker', hideBelow: 'lg', cell: (p) => p.ticker },
    { id: 'lpoints', header: 'Points Invested', numeric: true, cell: (p) => formatPointsNumber(p.lpoints) },
    { id: 'buy', header: 'Purchase Price', numeric: true, hideBelow: 'lg', cell: (p) => formatPrice(p.purchase_price) },
    { id: 'bought', header: 'Purchase Date', hideBelow: 'lg', cell: (p) => p.purchase_date },
    { id: 'end', header: 'End Price', numeric: true, hideBelow: 'lg', cell: (p) => formatPrice(p.end_price) },
    { id: 'ended', header: 'End Date', hideBelow: 'lg', cell: (p) => p.end_date },
    {
      id: 'gain',
      header: 'Points Gain/Loss',
      numeric: true,
      cellClassName: (p) => gainClass(p.lpoints_gain),
      cell: (p) => formatGain(p.lpoints_gain),
    },
    { id: 'triggers', header: 'Auto-sell Triggers', hideBelow: 'lg', cell: triggersText },
  ];
  return (
    <DataTable
      label="Portfolio history"
      columns={columns}
      rows={rows}
      rowKey={(p) => String(p.pickid)}
      empty="No portfolio history found."
      minWidthClass="min-w-0"
    />
  );
}
