import { ALERT_KINDS, type AlertKindName, type EmailMode } from '@app/shared/alerts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { useMemberAction } from '../../../lib/member-data';
import type { WatchlistIntents, WatchlistsData } from '../watchlists.api';

const KIND_LABELS: Record<AlertKindName, string> = {
  price_above: 'Price crosses above',
  price_below: 'Price crosses below',
  daily_move: 'Daily move beyond ±%',
  high_52w: 'New 52-week high',
  low_52w: 'New 52-week low',
  filing: 'New filing',
  position: 'Simulator position gain/loss %',
};

const MODE_LABELS: Record<EmailMode, string> = {
  each: 'One e-mail per alert',
  digest: 'One daily digest',
  off: 'No e-mail (notifications only)',
};

const SELECT = 'mt-1 block rounded-md border border-slate-300 bg-white px-3 py-2 text-sm';

/** The member's alerts: set one on a company of the list, turn its e-mail off, delete it; the e-mail choice. */
export function AlertsPanel({
  data,
  action,
}: {
  data: WatchlistsData;
  action: ReturnType<typeof useMemberAction<WatchlistIntents>>;
}) {
  const tickers = data.current?.companies.map((c) => c.ticker) ?? [];
  const [ticker, setTicker] = useState('');
  const [kind, setKind] = useState<AlertKindName>('price_above');
  const [value, setValue] = useState('');
  const chosen = ticker || tickers[0] || '';
  const needsLevel = kind === 'price_above' || kind === 'price_below';
  const needsPercent = kind === 'daily_move' || kind === 'position';

  return (
    <section aria-labelledby="alerts-heading" className="mt-10 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="alerts-heading" className="text-xl font-semibold text-slate-900">
        Alerts
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Judged on each new close after the daily update (never on the close of the day you set them), shown in the
        notifications menu and sent by e-mail, at most {data.dailyCap} messages a day.
      </p>
      {tickers.length ? (
        <form
          className="mt-4 flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            const number = Number(value);
            action.submit('addAlert', {
              ticker: chosen,
              kind,
              ...(needsLevel ? { level: number } : {}),
              ...(needsPercent ? { percent: number } : {}),
            });
            setValue('');
          }}
        >
          <label className="text-sm font-medium text-slate-700">
            Company
            <select className={SELECT} value={chosen} onChange={(e) => setTicker(e.target.value)}>
              {tickers.map((t) => (
                <option key={t}>{t}</option>
              ))}
            </select>
          </label>
          <label className="text-sm font-medium text-slate-700">
            Alert when
            <select className={SELECT} value={kind} onChange={(e) => setKind(e.target.value as AlertKindName)}>
              {ALERT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {KIND_LABELS[k]}
                </option>
              ))}
            </select>
          </label>
          {needsLevel || needsPercent ? (
            <label className="text-sm font-medium text-slate-700">
              {needsLevel ? 'Price ($)' : 'Percent'}
              <input
                className={SELECT}
                inputMode="decimal"
                required
                value={value}
                onChange={(e) => setValue(e.target.value)}
              />
            </label>
          ) : null}
          <Button type="submit" disabled={action.busy}>
            Set alert
          </Button>
        </form>
      ) : (
        <p className="mt-4 text-sm text-slate-700">Add companies to this watchlist to set alerts on them.</p>
      )}
      {data.alerts.length ? (
        <ul className="mt-4 divide-y divide-slate-200">
          {data.alerts.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span className="text-slate-800">{a.description}</span>
              <span className="flex items-center gap-2">
                <label className="flex items-center gap-1 text-slate-700">
                  <input
                    type="checkbox"
                    checked={a.email}
                    disabled={action.busy}
                    onChange={(e) => action.submit('alertEmail', { id: a.id, email: e.target.checked })}
                  />
                  E-mail
                </label>
                <button
                  type="button"
                  disabled={action.busy}
                  onClick={() => action.submit('deleteAlert', { id: a.id })}
                  aria-label={`Delete the alert: ${a.description}`}
                  className="rounded px-2 py-1 text-xs font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-brand-500"
                >
                  Delete
                </button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <label className="mt-4 block text-sm font-medium text-slate-700">
        Alert e-mail
        <select
          className={SELECT}
          value={data.emailMode}
          disabled={action.busy}
          onChange={(e) => action.submit('emailMode', { mode: e.target.value as EmailMode })}
        >
          {(Object.keys(MODE_LABELS) as EmailMode[]).map((m) => (
            <option key={m} value={m}>
              {MODE_LABELS[m]}
            </option>
          ))}
        </select>
      </label>
    </section>
  );
}
