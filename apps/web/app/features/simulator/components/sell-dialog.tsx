import { formatPrice } from '@app/shared/format';
import type { Pick } from '@app/shared/simulator';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { formatGain, formatPointsNumber, gainClass } from '../points';

/** Sell asks first, showing what the pick would fetch at the last close. */
export function SellDialog({
  pick,
  busy,
  error,
  onClose,
  onSell,
}: {
  pick: Pick | null;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSell: (pick: Pick) => void;
}) {
  return (
    <Dialog open={pick !== null} onClose={onClose} title="Sell Stock">
      {pick ? (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">
            Sell all of <span className="font-semibold">{pick.comp_name}</span> ({pick.ticker})?
          </p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md bg-slate-50 p-3 text-sm">
            <dt className="text-slate-600">Estimated proceeds</dt>
            <dd className="text-right font-semibold tabular-nums" data-testid="sell-proceeds">
              {formatPointsNumber(pick.cur_value)} points
            </dd>
            <dt className="text-slate-600">Points invested</dt>
            <dd className="text-right tabular-nums">{formatPointsNumber(pick.lpoints)}</dd>
            <dt className="text-slate-600">Gain/Loss</dt>
            <dd className={`text-right tabular-nums ${gainClass(pick.cur_gain)}`}>{formatGain(pick.cur_gain)}</dd>
          </dl>
          <p className="text-xs text-slate-600">
            Estimated at the last close, {formatPrice(pick.cur_price)} on {pick.cur_date}. The sale is an order that
            fills at the next closing price we receive, not this one; until then you can cancel it under Pending Orders.
          </p>
          {error ? <Banner tone="error">{error}</Banner> : null}
          <div className="flex justify-end gap-3">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button variant="danger" busy={busy} busyText="Placing…" onClick={() => onSell(pick)}>
              Place sell order
            </Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
