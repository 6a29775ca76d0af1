import { formatNumber, formatPrice } from '@app/shared/format';
import type { StockListItem } from '@app/shared/screener';
import type { PastPick, Pick } from '@app/shared/simulator';
import { SOLD_BY_LABELS } from '@app/shared/simulator-view';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { useAuth } from '../../../lib/auth-state';
import { formatGain, formatPointsNumber, type Position, positionOf } from '../position';
import {
  buyStock,
  changeTrigger,
  loadHistory,
  loadPortfolio,
  type Portfolio,
  portfolioError,
  sellPick,
  type TriggerField,
} from '../simulator.api';
import { AvailableStocks } from './available-stocks';
import { BuyDialog } from './buy-dialog';
import { TriggerDialog } from './trigger-dialog';

const gainClass = (value: number) => (value > 0 ? 'text-green-700' : value < 0 ? 'text-red-700' : 'text-slate-700');

/** The simulator view (SPEC §2 Simulator), for /simulator and /simulator/my-profolio. */
export function SimulatorPage({ startingPoints }: { startingPoints: number }) {
  const { user } = useAuth();
  if (!user) {
    return (
      <div className="rounded-xl border border-slate-200 bg-white p-8 text-center">
        <p className="text-lg text-slate-800">Please log in to access the market simulator.</p>
        <p className="mt-2 text-sm text-slate-600">
          Every member starts with {formatNumber(startingPoints)} points to invest in US companies at end-of-day prices.
        </p>
        <div className="mt-4 flex justify-center gap-3">
          <Link to="/login?redirectTo=/simulator" className="font-semibold text-brand-700 underline">
            Log in
          </Link>
          <Link to="/signup" className="font-semibold text-brand-700 underline">
            Sign up
          </Link>
        </div>
      </div>
    );
  }
  return <SignedInSimulator key={user.id} />;
}

function SignedInSimulator() {
  const [portfolio, setPortfolio] = useState<Portfolio | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [soldNotice, setSoldNotice] = useState<PastPick[]>([]);
  const [history, setHistory] = useState<PastPick[] | null>(null);
  const [showHistory, setShowHistory] = useState(false);
  const [buying, setBuying] = useState<StockListItem | null>(null);
  const [triggerFor, setTriggerFor] = useState<Pick | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(async () => {
    try {
      const next = await loadPortfolio();
      setPortfolio(next);
      if (next.points.auto_sold.length > 0) setSoldNotice((old) => [...old, ...next.points.auto_sold]);
    } catch (err) {
      setError(portfolioError(err, 'Failed to fetch portfolio'));
    } finally {
      setLoading(false);
    }
    setHistory(await loadHistory());
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  /** SPEC §4: after every buy, sell or trigger change the portfolio is reloaded. */
  const act = async (work: () => Promise<unknown>, fallback: string) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      setBuying(null);
      setTriggerFor(null);
    } catch (err) {
      setError(portfolioError(err, fallback));
    } finally {
      setBusy(false);
      await reload();
    }
  };

  const positions = (portfolio?.picks ?? []).map(positionOf);
  const available = portfolio?.points.contest_points ?? 0;
  const totalGain = positions.reduce((sum, p) => sum + p.gain, 0);
  const invested = positions.reduce((sum, p) => sum + p.value, 0);

  return (
    <div className="space-y-8">
      <p className="text-sm text-slate-600">
        Members start with {formatPointsNumber(portfolio?.points.starting_points ?? 100_000)} points. Orders fill at the
        last close; auto-sell triggers run on our server after each trading day, even while you are away.
      </p>
      {error ? (
        <Banner tone="error" onDismiss={() => setError(null)}>
          {error}
        </Banner>
      ) : null}
      {soldNotice.length > 0 ? (
        <Banner tone="success" onDismiss={() => setSoldNotice([])}>
          <p className="font-semibold">Sold by your triggers since your last visit:</p>
          <ul className="mt-1 list-disc pl-5">
            {soldNotice.map((p) => (
              <li key={p.pickid}>
                {p.comp_name} ({p.ticker}): {SOLD_BY_LABELS[p.sold_by]} at {formatPrice(p.end_price)} on {p.end_date},{' '}
                {formatGain(p.lpoints_gain)} points
              </li>
            ))}
          </ul>
        </Banner>
      ) : null}

      <section aria-label="Points" className="grid gap-4 sm:grid-cols-3">
        <Tile label="Total Points" value={portfolio ? formatPointsNumber(available + invested) : '…'} />
        <Tile
          label="Available Points"
          value={portfolio ? formatPointsNumber(available) : '…'}
          testId="available-points"
        />
        <Tile
          label="Total Gain/Loss"
          value={portfolio ? formatGain(totalGain) : '…'}
          valueClass={portfolio ? gainClass(totalGain) : ''}
        />
      </section>

      <AvailableStocks onPick={setBuying} />

      <section aria-labelledby="portfolio-heading" className="space-y-3">
        <h2 id="portfolio-heading" className="text-xl font-semibold text-slate-900">
          Your Portfolio
        </h2>
        <PortfolioTable
          positions={positions}
          loading={loading}
          busy={busy}
          onSell={(pick) => void act(() => sellPick(pick.pickid), 'Failed to sell stock')}
          onAddTrigger={setTriggerFor}
          onRemoveTrigger={(pick, field) =>
            void act(() => changeTrigger(pick.pickid, field), 'Failed to remove trigger')
          }
        />
      </section>

      <section aria-labelledby="history-heading" className="space-y-3">
        <div className="flex items-center justify-between gap-4">
          <h2 id="history-heading" className="text-xl font-semibold text-slate-900">
            Portfolio History
          </h2>
          <Button variant="secondary" aria-expanded={showHistory} onClick={() => setShowHistory((v) => !v)}>
            {showHistory ? 'Hide History' : 'View History'}
          </Button>
        </div>
        {showHistory ? <HistoryTable rows={history} /> : null}
      </section>

      <BuyDialog
        stock={buying}
        available={available}
        busy={busy}
        onClose={() => setBuying(null)}
        onBuy={(stock, lpoints) => void act(() => buyStock(stock, lpoints), 'Failed to buy stock')}
      />
      <TriggerDialog
        pick={triggerFor}
        busy={busy}
        onClose={() => setTriggerFor(null)}
        onSave={(pick, field) => void act(() => changeTrigger(pick.pickid, field), 'Failed to add trigger')}
      />
    </div>
  );
}

function Tile({
  label,
  value,
  valueClass = 'text-slate-900',
  testId,
}: {
  label: string;
  value: string;
  valueClass?: string;
  testId?: string;
}) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <p className="text-sm text-slate-600">{label}</p>
      <p className={`mt-1 text-2xl font-semibold tabular-nums ${valueClass}`} data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

function triggerChips(pick: Pick): { label: string; remove: TriggerField }[] {
  const chips: { label: string; remove: TriggerField }[] = [];
  if (pick.asell_above > 0) chips.push({ label: `Target +${pick.asell_above}%`, remove: { asell_above: 0 } });
  if (pick.asell_below > 0) chips.push({ label: `Stop -${pick.asell_below}%`, remove: { asell_below: 0 } });
  if (pick.asell_date) chips.push({ label: `Sell on ${pick.asell_date}`, remove: { asell_date: null } });
  return chips;
}

function PortfolioTable({
  positions,
  loading,
  busy,
  onSell,
  onAddTrigger,
  onRemoveTrigger,
}: {
  positions: Position[];
  loading: boolean;
  busy: boolean;
  onSell: (pick: Pick) => void;
  onAddTrigger: (pick: Pick) => void;
  onRemoveTrigger: (pick: Pick, field: TriggerField) => void;
}) {
  const columns: DataTableColumn<Position>[] = [
    {
      id: 'company',
      header: 'Company',
      cell: (p) => (
        <span>
          <span className="font-medium">{p.pick.comp_name}</span>
          <span className="ml-2 text-xs text-slate-500">{p.pick.ticker}</span>
        </span>
      ),
    },
    { id: 'shares', header: 'Shares', numeric: true, cell: (p) => p.shares.toFixed(4) },
    { id: 'buy', header: 'Buy Price', numeric: true, cell: (p) => formatPrice(p.pick.purchase_price) },
    { id: 'cur', header: 'Current Price', numeric: true, cell: (p) => formatPrice(p.pick.cur_price) },
    { id: 'value', header: 'Value', numeric: true, cell: (p) => formatPointsNumber(p.value) },
    {
      id: 'gain',
      header: 'Gain/Loss',
      numeric: true,
      cellClassName: (p) => gainClass(p.gain),
      cell: (p) => `${formatGain(p.gain)} (${formatGain(p.gainPercent)}%)`,
    },
    {
      id: 'triggers',
      header: 'Auto-sell Triggers',
      cell: (p) => (
        <div className="flex flex-wrap items-center gap-2">
          {triggerChips(p.pick).map((chip) => (
            <span
              key={chip.label}
              className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-1 text-xs text-slate-800"
            >
              {chip.label}
              <button
                type="button"
                disabled={busy}
                onClick={() => onRemoveTrigger(p.pick, chip.remove)}
                aria-label={`Remove ${chip.label} from ${p.pick.ticker}`}
                className="rounded px-1 font-bold hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-brand-500"
              >
                ×
              </button>
            </span>
          ))}
          <button
            type="button"
            onClick={() => onAddTrigger(p.pick)}
            className="text-xs font-semibold text-brand-700 underline focus-visible:outline-2 focus-visible:outline-brand-500"
            aria-label={`Add trigger to ${p.pick.ticker}`}
          >
            Add
          </button>
        </div>
      ),
    },
    {
      id: 'sell',
      header: 'Sell',
      cell: (p) => (
        <Button variant="danger" disabled={busy} onClick={() => onSell(p.pick)} aria-label={`Sell ${p.pick.ticker}`}>
          Sell
        </Button>
      ),
    },
  ];
  return (
    <DataTable
      label="Your portfolio"
      columns={columns}
      rows={positions}
      rowKey={(p) => String(p.pick.pickid)}
      loading={loading}
      empty="No positions yet: pick a stock above to buy it."
      minWidthClass="min-w-[60rem]"
    />
  );
}

function triggersText(p: PastPick): string {
  const set = [
    p.asell_above > 0 ? `+${p.asell_above}%` : null,
    p.asell_below > 0 ? `-${p.asell_below}%` : null,
    p.asell_date,
  ].filter(Boolean);
  const sold = p.sold_by === 'manual' ? SOLD_BY_LABELS.manual : `Sold by ${SOLD_BY_LABELS[p.sold_by]}`;
  return set.length > 0 ? `${set.join(', ')} · ${sold}` : sold;
}

function HistoryTable({ rows }: { rows: PastPick[] | null }) {
  const columns: DataTableColumn<PastPick>[] = [
    { id: 'company', header: 'Company', cell: (p) => p.comp_name },
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
      cellClassName: (p) => gainClass(p.lpoints_gain),
      cell: (p) => formatGain(p.lpoints_gain),
    },
    { id: 'triggers', header: 'Auto-sell Triggers', cell: triggersText },
  ];
  return (
    <DataTable
      label="Portfolio history"
      columns={columns}
      rows={rows ?? []}
      rowKey={(p) => String(p.pickid)}
      loading={rows === null}
      empty="No portfolio history found."
      minWidthClass="min-w-[64rem]"
    />
  );
}
