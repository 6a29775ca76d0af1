import { parsePoints } from '@app/shared/points';
import type { StockListItem } from '@app/shared/screener';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select';
import { useFormState } from '../../../lib/form-state';
import { defaultBuyPrice, formatPointsNumber } from '../points';
import { DialogForm } from './dialog-form';

export type LimitChoice = { limit_price: number; good_until: string | null } | undefined;

const ORDER_TYPES = [
  { value: 'market', label: 'At the next close (market order)' },
  { value: 'limit', label: 'At or below a price (limit order)' },
] as const;

/** SPEC §5. The price is only for the estimate: the order fills at the next close the server receives. */
export function BuyDialog({
  stock,
  available,
  busy,
  error,
  onClose,
  onBuy,
  limitOrders = true,
}: {
  stock: StockListItem | null;
  available: number;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onBuy: (stock: StockListItem, lpoints: number, limit: LimitChoice) => void;
  /** False in a game whose rules allow market orders only. */
  limitOrders?: boolean;
}) {
  return (
    <Dialog open={stock !== null} onClose={onClose} title="Buy Stock">
      {stock ? (
        <BuyForm
          key={stock.ticker}
          stock={stock}
          available={available}
          busy={busy}
          error={error}
          onBuy={onBuy}
          limitOrders={limitOrders}
        />
      ) : null}
    </Dialog>
  );
}

function BuyForm({
  stock,
  available,
  busy,
  error,
  onBuy,
  limitOrders,
}: {
  stock: StockListItem;
  available: number;
  busy: boolean;
  error: string | null;
  onBuy: (stock: StockListItem, lpoints: number, limit: LimitChoice) => void;
  limitOrders: boolean;
}) {
  const form = useFormState({
    price: String(defaultBuyPrice(stock)),
    points: '',
    type: 'market',
    limit: '',
    until: '',
  });
  const { price, points, type, limit, until } = form.values;
  const limitValue = Number(limit);
  const limitOk =
    type === 'market' || (limit !== '' && limitValue > 0 && Math.round(limitValue * 10_000) === limitValue * 10_000);
  // The server's rule for an amount of points (SPEC §5: no more than the available points).
  const amount = points === '' ? null : parsePoints(points);
  const tooMany = amount !== null && amount > Math.round(available * 100);
  const priceValue = Number(price);
  const canBuy = amount !== null && amount > 0 && !tooMany && priceValue > 0 && limitOk;
  const shares = canBuy ? Number(points) / priceValue : 0;
  return (
    <DialogForm
      canSubmit={canBuy}
      onSubmit={() =>
        onBuy(
          stock,
          Number(points),
          type === 'limit' ? { limit_price: limitValue, good_until: until || null } : undefined,
        )
      }
      busy={busy}
      busyText="Placing…"
      submitText="Place buy order"
      error={error}
    >
      <p className="text-sm text-slate-700">
        <span className="font-semibold">{stock.comp_name}</span> ({stock.ticker})
      </p>
      <Field
        label="Price per share ($)"
        type="number"
        step="0.01"
        min="0.01"
        required
        {...form.field('price')}
        hint="This price only estimates your shares: the order fills at the next closing price we receive."
      />
      {limitOrders ? (
        <SelectField label="Fill" options={ORDER_TYPES} {...form.field('type')} name="order_type" />
      ) : null}
      {type === 'limit' ? (
        <>
          <Field
            label="Limit price ($)"
            type="number"
            step="0.0001"
            min="0.0001"
            required
            {...form.field('limit')}
            name="limit_price"
            hint="Fills at the first close at or below it, at that close."
            error={limit !== '' && !limitOk ? 'Enter a price above 0 with at most 4 decimals' : undefined}
          />
          <Field
            label="Good until (optional)"
            type="date"
            {...form.field('until')}
            name="good_until"
            hint="Empty: until you cancel it. Its points stay reserved while it waits."
          />
        </>
      ) : null}
      <Field
        label="Points to invest"
        type="number"
        step="0.01"
        min="0.01"
        max={available}
        required
        {...form.field('points')}
        name="lpoints"
        hint={`Available: ${formatPointsNumber(available)} points`}
        error={
          tooMany
            ? 'More than your available points'
            : points !== '' && !(amount && amount > 0)
              ? 'Enter a positive amount with at most 2 decimals'
              : undefined
        }
      />
      <p className="text-sm text-slate-600" aria-live="polite">
        Estimated shares: <span className="font-semibold tabular-nums">{shares.toFixed(4)}</span>
      </p>
    </DialogForm>
  );
}
