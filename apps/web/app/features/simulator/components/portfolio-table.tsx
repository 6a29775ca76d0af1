import { formatPrice } from '@app/shared/format';
import { cents, parsePoints, priceMicros, sharesOf } from '@app/shared/points';
import type { Pick } from '@app/shared/simulator';
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
    <div className="flex flex-wrap items-center gap-1 sm:gap-2">
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

function Gain({ pick }: { pick: Pick }) {
  return (
    <>
      {formatGain(pick.cur_gain)}{' '}
      <span className="whitespace-nowrap">({formatGainPercent(pick.cur_gain, pick.lpoints)})</span>
    </>
  );
}

/**
 * Your Portfolio (SPEC §2): each position with its value and gain as the server computed them,
 * its auto-sell triggers and a Sell button. Narrower screens keep those in view by moving the
 * rest under the company name: below 1024 px the share count and prices, below 640 px also the
 * triggers (and the gain under the value).
 */
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
  const triggers = (p: Pick) => <Triggers pick={p} busy={busy} onAdd={onAddTrigger} onRemove={onRemoveTrigger} />;
  const columns: DataTableColumn<Pick>[] = [
    {
      id: 'company',
      header: 'Company',
      cell: (p) => (
        <span className="block min-w-[6rem] [overflow-wrap:anywhere]">
          <span className="font-medium">{p.comp_name}</span>{' '}
          <span className="text-xs text-slate-500" data-ticker="">
            {p.ticker}
          </span>
          <span className="mt-1 block text-xs text-slate-600 lg:hidden">
            {sharesText(p)} sh · bought {formatPrice(p.purchase_price)} · now {formatPrice(p.cur_price)}
          </span>
          <span className="mt-2 block sm:hidden">{triggers(p)}</span>
        </span>
      ),
    },
    { id: 'shares', header: 'Shares', numeric: true, hideBelow: 'lg', cell: sharesText },
    { id: 'buy', header: 'Buy Price', numeric: true, hideBelow: 'lg', cell: (p) => formatPrice(p.purchase_price) },
    { id: 'cur', header: 'Current Price', numeric: true, hideBelow: 'lg', cell: (p) => formatPrice(p.cur_price) },
    {
      id: 'value',
      header: 'Value',
      numeric: true,
      cell: (p) => (
        <>
          <span data-value="">{formatPointsNumber(p.cur_value)}</span>
          <span className={`mt-1 block text-xs sm:hidden ${gainClass(p.cur_gain)}`}>
            <Gain pick={p} />
          </span>
        </>
      ),
    },
    {
      id: 'gain',
      header: 'Gain/Loss',
      numeric: true,
      hideBelow: 'sm',
      cellClassName: (p) => gainClass(p.cur_gain),
      cell: (p) => <Gain pick={p} />,
    },
    { id: 'triggers', header: 'Auto-sell Triggers', hideBelow: 'sm', cell: triggers },
    {
      id: 'sell',
      header: 'Sell',
      cell: (p) => (
        <button
          type="button"
          disabled={busy}
          onClick={() => onSell(p)}
          aria-label={`Sell ${p.ticker}`}
          className="rounded-md bg-red-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:bg-red-600/60"
        >
          Sell
        </button>
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
      minWidthClass="min-w-0"
    />
  );
}
