import { formatPrice } from '@app/shared/format';
import type { Order } from '@app/shared/simulator';
import { orderFillSentence } from '@app/shared/simulator-view';
import { Button } from '../../../components/ui/button';
import { formatPointsNumber } from '../points';

/** Orders waiting for their close (decision 024): each says when it fills, and can be cancelled until then. */
export function PendingOrders({
  orders,
  busy,
  onCancel,
}: {
  orders: Order[];
  busy: boolean;
  onCancel: (order: Order) => void;
}) {
  return (
    <section aria-labelledby="orders-heading" className="space-y-3">
      <h2 id="orders-heading" className="text-xl font-semibold text-slate-900">
        Pending Orders
      </h2>
      {orders.length === 0 ? (
        <p className="text-sm text-slate-600">
          No pending orders. A buy or sell waits here until the next closing price reaches us.
        </p>
      ) : (
        <ul
          className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
          aria-label="Pending orders"
        >
          {orders.map((o) => (
            <li
              key={o.orderid}
              className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between"
              data-testid="pending-order"
            >
              <div className="space-y-1">
                <p className="text-sm text-slate-900">
                  <span className="font-semibold">{o.side === 'buy' ? 'Buy' : 'Sell'}</span>{' '}
                  {o.kind === 'limit' ? `(limit ${formatPrice(o.limit_price ?? 0)}) ` : ''}
                  <span className="font-medium">{o.comp_name}</span>{' '}
                  <span className="text-xs text-slate-500">{o.ticker}</span> ·{' '}
                  <span className="tabular-nums">{formatPointsNumber(o.lpoints)} points</span>
                  {o.side === 'buy' ? ' reserved' : ''}
                </p>
                <p className="text-sm text-slate-600">{orderFillSentence(o)}</p>
              </div>
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() => onCancel(o)}
                aria-label={`Cancel the ${o.side} order for ${o.ticker}`}
              >
                Cancel order
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
