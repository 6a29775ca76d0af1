import { ALERT_KINDS, type AlertKindName, type CreateAlertRequest } from '@app/shared/alerts';

export const ALERT_KIND_LABELS: Record<AlertKindName, string> = {
  price_above: 'Price crosses above',
  price_below: 'Price crosses below',
  daily_move: 'Daily move beyond ±%',
  high_52w: 'New 52-week high',
  low_52w: 'New 52-week low',
  filing: 'New filing',
  position: 'Simulator position gain/loss %',
};

export const ALERT_SELECT = 'mt-1 block rounded-md border border-slate-300 bg-white px-3 py-2 text-sm';

const needsLevel = (kind: AlertKindName) => kind === 'price_above' || kind === 'price_below';
const needsPercent = (kind: AlertKindName) => kind === 'daily_move' || kind === 'position';

/** The request for an alert on `ticker`: a price level or a percent as its kind needs; the server checks the number. */
export function alertRequest(ticker: string, kind: AlertKindName, value: string): CreateAlertRequest {
  const number = Number(value);
  return {
    ticker,
    kind,
    email: true,
    ...(needsLevel(kind) ? { level: number } : {}),
    ...(needsPercent(kind) ? { percent: number } : {}),
  };
}

/** "Alert when" and its price or percent, as the watchlist page and a company page ask them. */
export function AlertFields({
  kind,
  value,
  onKind,
  onValue,
}: {
  kind: AlertKindName;
  value: string;
  onKind: (kind: AlertKindName) => void;
  onValue: (value: string) => void;
}) {
  return (
    <>
      <label className="text-sm font-medium text-slate-700">
        Alert when
        <select className={ALERT_SELECT} value={kind} onChange={(e) => onKind(e.target.value as AlertKindName)}>
          {ALERT_KINDS.map((k) => (
            <option key={k} value={k}>
              {ALERT_KIND_LABELS[k]}
            </option>
          ))}
        </select>
      </label>
      {needsLevel(kind) || needsPercent(kind) ? (
        <label className="text-sm font-medium text-slate-700">
          {needsLevel(kind) ? 'Price ($)' : 'Percent'}
          <input
            className={ALERT_SELECT}
            inputMode="decimal"
            required
            value={value}
            onChange={(e) => onValue(e.target.value)}
          />
        </label>
      ) : null}
    </>
  );
}
