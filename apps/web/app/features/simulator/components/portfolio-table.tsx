import { formatPrice } from '@app/shared/format';
import { cents, parsePoints, priceMicros, sharesOf } from '@app/shared/points';
import type { Pick } from '@app/shared/simulator';
import { Button } from '../../../components/ui/button';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { formatGain, formatGainPercent, formatPointsNumber, gainClass } from '../points';
import type { TriggerField } from '../simulator.api';

function triggerChips(pick: Pick): { label: string; remove: TriggerField }[] {
  const chips: { label: string; remove: TriggerField }[] = [];
  if (pick.asell_above > 0) chips.push({ label: `Target +${pick.asell_above}%`, remove: { asell_above: 0 } });
  if (pick.asell_below > 0) chips.push({ label: `Stop -${pick.asell_below}%`, remove: { asell_below: 0 } });
  if (pick.asell_date) chips.push({ label: `Sell on ${pick.asell_date}`, remove: { asell_date: null } });
  return chips;
}

/** Shares held, for reading only (the points arithmetic never rounds them). */
const sharesText = (p: Pick) => sharesOf(parsePoints(p.lpoints) ?? cents(0), priceMicros(p.purchase_price)).toFixed(4);

function Triggers({
  pick,
  busy,
  onAdd,
  onRemove,
}: {
  pick: Pick;
  busy: boolean;
  onAdd: (pick: Pick) => void;
  onRemove: (pick: Pick, field: TriggerField) => void;
}) {
  return (
    <div className="inline-flex flex-wrap items-center gap-2">
      {triggerChips(pick).map((chip) => (
        <span
          key={chip.label}
          className="inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-slate-100 px-2 py-1 text-xs text-slate-800"
        >
          {chip.label}
          <button
            type="button"
            disabled={busy}
            onClick={() => onRemove(pick, chip.remove)}
            aria-label={`Remove ${chip.label} from ${pick.ticker}`}
            className="rounded px-1 font-bold hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            ×
          </button>
        </span>
      ))}
      <button
        type="button"
        onClick={() => onAdd(pick)}
        className="text-xs font-semibold text-brand-700 underline focus-visible:outline-2 focus-visible:outline-brand-500"
        aria-label={`Add trigger to ${pick.ticker}`}
      >
        Add
      </button>
    </div>
  );
}

/** SPEC §2: value and gain as the server computed them. */
export function PortfolioTable({
  picks,
  busy,
  onSell,
  onAddTrigger,
  onRemoveTrigger,
}: {
  picks: Pick[];
  busy: boolean;
  onSell: (pick: Pick) => void;
  onAddTrigger: (pick: Pick) => void;
  onRemoveTrigger: (pick: Pick, field: TriggerField) => void;
}) {
  const columns: DataTableColumn<Pick>[] = [
    {
      id: 'company',
      header: 'Company',
      lead: true,
      cell: (p) => (
        <>
          <span className="font-medium">{p.comp_name}</span>{' '}
          <span className="text-xs text-slate-500" data-ticker="">
            {p.ticker}
          </span>
        </>
      ),
    },
    { id: 'shares', header: 'Shares', numeric: true, cell: sharesText },
    { id: 'buy', header: 'Buy Price', numeric: true, cell: (p) => formatPrice(p.purchase_price) },
    { id: 'cur', header: 'Current Price', numeric: true, cell: (p) => formatPrice(p.cur_price) },
    { id: 'value', header: 'Value', numeric: true, lead: true, cell: (p) => formatPointsNumber(p.cur_value) },
    {
      id: 'gain',
      header: 'Gain/Loss',
      numeric: true,
      cellClassName: (p) => gainClass(p.cur_gain),
      cell: (p) => (
        <>
          {formatGain(p.cur_gain)}{' '}
          <span className="whitespace-nowrap">({formatGainPercent(p.cur_gain, p.lpoints)})</span>
        </>
      ),
    },
    {
      id: 'triggers',
      header: 'Auto-sell Triggers',
      cell: (p) => <Triggers pick={p} busy={busy} onAdd={onAddTrigger} onRemove={onRemoveTrigger} />,
    },
    {
      id: 'sell',
      header: 'Sell',
      lead: true,
      cell: (p) => (
        <Button variant="danger" disabled={busy} onClick={() => onSell(p)} aria-label={`Sell ${p.ticker}`}>
          Sell
        </Button>
      ),
    },
  ];
  return (
    <DataTable
      label="Your portfolio"
      columns={columns}
      rows={picks}
      rowKey={(p) => String(p.pickid)}
      empty="No positions yet: pick a stock above to buy it."
      minWidthClass="sm:min-w-[60rem]"
      stack
    />
  );
}
