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

/** SPEC §2 columns. */
export function HistoryTable({ rows }: { rows: PastPick[] }) {
  const columns: DataTableColumn<PastPick>[] = [
    { id: 'company', header: 'Company', lead: true, cell: (p) => p.comp_name },
    { id: 'ticker', header: 'Ticker', cell: (p) => p.ticker },
    { id: 'lpoints', header: 'Points Invested', numeric: true, cell: (p) => formatPointsNumber(p.lpoints) },
    { id: 'buy', header: 'Purchase Price', numeric: true, cell: (p) => formatPrice(p.purchase_price) },
    { id: 'bought', header: 'Purchase Date', cell: (p) => p.purchase_date },
    { id: 'end', header: 'End Price', numeric: true, cell: (p) => formatPrice(p.end_price) },
    { id: 'ended', header: 'End Date', cell: (p) => p.end_date },
    {
      id: 'gain',
      header: 'Points Gain/Loss',
      numeric: true,
      lead: true,
      cellClassName: (p) => gainClass(p.lpoints_gain),
      cell: (p) => formatGain(p.lpoints_gain),
    },
    { id: 'triggers', header: 'Auto-sell Triggers', cell: triggersText },
  ];
  return (
    <DataTable
      label="Portfolio history"
      columns={columns}
      rows={rows}
      rowKey={(p) => String(p.pickid)}
      empty="No portfolio history found."
      minWidthClass="sm:min-w-[64rem]"
      stack
    />
  );
}
