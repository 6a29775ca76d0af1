import type { StockListItem } from '@app/shared/screener';
import { type FormEvent, useState } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { defaultBuyPrice, formatPointsNumber } from '../points';

/**
 * SPEC §5 Buy dialog. The price is only for the estimate: the server fills at its last close.
 * Points are required, step 0.01, capped by the available points (the button is disabled beyond).
 */
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
  const [price, setPrice] = useState(String(defaultBuyPrice(stock)));
  const [points, setPoints] = useState('');
  const lpoints = Number(points);
  const priceValue = Number(price);
  const validPoints = points !== '' && Number.isFinite(lpoints) && lpoints > 0 && /^\d+(\.\d{1,2})?$/.test(points);
  const tooMany = validPoints && lpoints > available;
  const canBuy = validPoints && !tooMany && priceValue > 0;
  const shares = canBuy ? lpoints / priceValue : 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canBuy) onBuy(stock, lpoints);
  };
  return (
    <form onSubmit={submit} className="space-y-4">
      <p className="text-sm text-slate-700">
        <span className="font-semibold">{stock.comp_name}</span> ({stock.ticker})
      </p>
      <Field
        label="Price per share ($)"
        name="price"
        type="number"
        step="0.01"
        min="0.01"
        required
        value={price}
        onChange={(e) => setPrice(e.target.value)}
        hint="Orders fill at the last close; this price only estimates your shares."
      />
      <Field
        label="Points to invest"
        name="lpoints"
        type="number"
        step="0.01"
        min="0.01"
        max={available}
        required
        value={points}
        onChange={(e) => setPoints(e.target.value)}
        hint={`Available: ${formatPointsNumber(available)} points`}
        error={
          tooMany
            ? 'More than your available points'
            : points !== '' && !validPoints
              ? 'Enter a positive amount with at most 2 decimals'
              : undefined
        }
      />
      <p className="text-sm text-slate-600" aria-live="polite">
        Estimated shares: <span className="font-semibold tabular-nums">{shares.toFixed(4)}</span>
      </p>
      {error ? <Banner tone="error">{error}</Banner> : null}
      <Button type="submit" disabled={!canBuy} busy={busy} busyText="Buying…" fullWidth>
        Buy
      </Button>
    </form>
  );
}
