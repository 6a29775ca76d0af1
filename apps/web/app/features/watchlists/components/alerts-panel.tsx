import type { AlertKindName, EmailMode } from '@app/shared/alerts';
import { useState } from 'react';
import { ALERT_SELECT, AlertFields, alertRequest } from '../../../components/alert-fields';
import { Button } from '../../../components/ui/button';
import type { useMemberAction } from '../../../lib/member-data';
import type { WatchlistIntents, WatchlistsData } from '../watchlists.api';

const MODE_LABELS: Record<EmailMode, string> = {
  each: 'One e-mail per alert',
  digest: 'One daily digest',
  off: 'No e-mail (notifications only)',
};

const SELECT = ALERT_SELECT;

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
            action.submit('addAlert', alertRequest(chosen, kind, value));
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
          <AlertFields kind={kind} value={value} onKind={setKind} onValue={setValue} />
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
