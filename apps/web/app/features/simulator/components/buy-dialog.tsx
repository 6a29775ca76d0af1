import { parsePoints } from '@app/shared/points';
import type { StockListItem } from '@app/shared/screener';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { useFormState } from '../../../lib/form-state';
import { defaultBuyPrice, formatPointsNumber } from '../points';
import { DialogForm } from './dialog-form';

/** SPEC §5. The price is only for the estimate: the server fills at its last close. */
export function BuyDialog({
  stock,
  available,
  busy,
  error,
  onClose,
  onBuy,
}: {
  stock: StockListItem | null;
  available: number;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onBuy: (stock: StockListItem, lpoints: number) => void;
}) {
  return (
    <Dialog open={stock !== null} onClose={onClose} title="Buy Stock">
      {stock ? (
        <BuyForm key={stock.ticker} stock={stock} available={available} busy={busy} error={error} onBuy={onBuy} />
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
}: {
  stock: StockListItem;
  available: number;
  busy: boolean;
  error: string | null;
  onBuy: (stock: StockListItem, lpoints: number) => void;
}) {
  const form = useFormState({ price: String(defaultBuyPrice(stock)), points: '' });
  const { price, points } = form.values;
  // The server's rule for an amount of points (SPEC §5: no more than the available points).
  const amount = points === '' ? null : parsePoints(points);
  const tooMany = amount !== null && amount > Math.round(available * 100);
  const priceValue = Number(price);
  const canBuy = amount !== null && amount > 0 && !tooMany && priceValue > 0;
  const shares = canBuy ? Number(points) / priceValue : 0;
  return (
    <DialogForm
      canSubmit={canBuy}
      onSubmit={() => onBuy(stock, Number(points))}
      busy={busy}
      busyText="Buying…"
      submitText="Buy"
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
        hint="Orders fill at the last close; this price only estimates your shares."
      />
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
