import type { StockListItem } from '@app/shared/screener';
import type { PastPick, Pick } from '@app/shared/simulator';
import { useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { type MemberLoaded, useMemberAction, useReloadOnSessionChange } from '../../../lib/member-data';
import type { SimulatorData, SimulatorIntents } from '../simulator.api';
import { AvailableStocks } from './available-stocks';
import { BuyDialog } from './buy-dialog';
import { HistoryTable } from './history-table';
import { PendingOrders } from './pending-orders';
import { PointsTiles } from './points-tiles';
import { PortfolioTable } from './portfolio-table';
import { SellDialog } from './sell-dialog';
import { SignedOutPrompt } from './signed-out-prompt';
import { SoldNotice, useSoldNotices } from './sold-notice';
import { TriggerDialog } from './trigger-dialog';
import { ValuationChart } from './valuation-chart';

/** A game's terms for its portfolio (decision 027); the simulator has none. */
export interface GameTerms {
  endDate: string;
  limitOrders: boolean;
}

export function SimulatorPage({
  loaded,
  startingPoints,
}: {
  loaded: MemberLoaded<SimulatorData>;
  startingPoints: number;
}) {
  useReloadOnSessionChange();
  if (loaded.status === 'signed-out') return <SignedOutPrompt startingPoints={startingPoints} />;
  if (loaded.status === 'failed') return <LoadFailed error={loaded.error} />;
  return <MemberSimulator data={loaded.data} />;
}

/** SPEC §8: the portfolio call's message in the dismissible banner, with a way to try again. */
function LoadFailed({ error }: { error: string }) {
  const { revalidate, state } = useRevalidator();
  return (
    <div className="space-y-4">
      <Banner tone="error">{error}</Banner>
      <Button variant="secondary" busy={state === 'loading'} onClick={() => void revalidate()}>
        Try again
      </Button>
    </div>
  );
}

type OpenDialog = { kind: 'buy'; stock: StockListItem } | { kind: 'sell' | 'trigger'; pick: Pick } | null;

export function MemberSimulator({ data, game }: { data: SimulatorData; game?: GameTerms }) {
  const { portfolio, history, valuations } = data;
  const action = useMemberAction<SimulatorIntents>();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [showHistory, setShowHistory] = useState(false);
  const [dismissed, setDismissed] = useState<unknown>(null);
  const [notices, clearNotices] = useSoldNotices(portfolio.points.auto_sold);

  // A change that went through closes its dialog; one that failed leaves it open with the message.
  useEffect(() => {
    if (action.result?.ok) setDialog(null);
  }, [action.result]);
  const failure = action.result && !action.result.ok && action.result !== dismissed ? action.result.error : null;
  const open = (next: OpenDialog) => {
    setDismissed(action.result);
    setDialog(next);
  };
  const close = () => setDialog(null);

  return (
    <div className="space-y-8">
      <p className="text-sm text-slate-600">
        Buys and sells are end-of-day orders: each fills at the next closing price we receive, never at one already
        known, and waits under Pending Orders until then. Auto-sell triggers run on our server after each trading day,
        even while you are away.
        {game
          ? ` In this game orders fill from its start date through its end date (${game.endDate}); then the results are frozen.`
          : ''}
      </p>
      {failure && !dialog ? (
        <Banner tone="error" onDismiss={() => setDismissed(action.result)}>
          {failure}
        </Banner>
      ) : null}
      <SoldNotice sales={notices} onDismiss={clearNotices} />
      <PointsTiles points={portfolio.points} />

      <AvailableStocks onPick={(stock) => open({ kind: 'buy', stock })} />

      <PendingOrders
        orders={portfolio.orders}
        busy={action.busy}
        onCancel={(order) => action.submit('cancelOrder', { orderid: order.orderid })}
      />

      <section aria-labelledby="portfolio-heading" className="space-y-3">
        <h2 id="portfolio-heading" className="text-xl font-semibold text-slate-900">
          Your Portfolio
        </h2>
        <PortfolioTable
          picks={portfolio.picks}
          busy={action.busy}
          onSell={(pick) => open({ kind: 'sell', pick })}
          onAddTrigger={(pick) => open({ kind: 'trigger', pick })}
          onRemoveTrigger={(pick, field) => action.submit('removeTrigger', { pickid: pick.pickid, field })}
        />
      </section>

      {valuations ? <ValuationChart data={valuations} /> : null}

      <PortfolioHistory rows={history} open={showHistory} onToggle={() => setShowHistory((v) => !v)} />

      <BuyDialog
        stock={dialog?.kind === 'buy' ? dialog.stock : null}
        available={portfolio.points.contest_points}
        busy={action.busy}
        error={failure}
        onClose={close}
        onBuy={(stock, lpoints, limit) =>
          action.submit('buy', { comp_name: stock.comp_name, ticker: stock.ticker, lpoints, ...limit })
        }
        limitOrders={game?.limitOrders ?? true}
      />
      <SellDialog
        pick={dialog?.kind === 'sell' ? dialog.pick : null}
        busy={action.busy}
        error={failure}
        onClose={close}
        onSell={(pick) => action.submit('sell', { pickid: pick.pickid })}
      />
      <TriggerDialog
        pick={dialog?.kind === 'trigger' ? dialog.pick : null}
        busy={action.busy}
        error={failure}
        onClose={close}
        onSave={(pick, field) => action.submit('addTrigger', { pickid: pick.pickid, field })}
      />
    </div>
  );
}

/** SPEC §2: Portfolio History behind View History / Hide History. */
function PortfolioHistory({ rows, open, onToggle }: { rows: PastPick[]; open: boolean; onToggle: () => void }) {
  return (
    <section aria-labelledby="history-heading" className="space-y-3">
      <div className="flex items-center justify-between gap-4">
        <h2 id="history-heading" className="text-xl font-semibold text-slate-900">
          Portfolio History
        </h2>
        <Button variant="secondary" aria-expanded={open} onClick={onToggle}>
          {open ? 'Hide History' : 'View History'}
        </Button>
      </div>
      {open ? <HistoryTable rows={rows} /> : null}
    </section>
  );
}
