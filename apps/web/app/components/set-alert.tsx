import type { Alert, AlertKindName } from '@app/shared/alerts';
import { useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { apiPost } from '../lib/api-client';
import { useAuth } from '../lib/auth-state';
import { errorMessage } from '../lib/member-data';
import { AlertFields, alertRequest } from './alert-fields';
import { Button } from './ui/button';
import { TEXT_LINK } from './ui/text-link';
import { useDismiss } from './use-dismiss';

/** "Set alert" on a company page, for members: the kind and its level; the watchlist page lists and manages them. */
export function SetAlert({ ticker }: { ticker: string }) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<AlertKindName>('price_above');
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const rootRef = useRef<HTMLSpanElement>(null);
  const formId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(rootRef, open, close);
  if (!user) return null;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const alert = await apiPost<Alert>('/api/alerts', alertRequest(ticker, kind, value));
      setStatus({ ok: true, text: `Alert set: ${alert.description}` });
      setValue('');
      setOpen(false);
    } catch (err) {
      setStatus({ ok: false, text: errorMessage(err, 'Failed to set the alert') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <span ref={rootRef} className="relative inline-block">
      <button
        type="button"
        onClick={() => {
          setStatus(null);
          setOpen((v) => !v);
        }}
        aria-expanded={open}
        aria-controls={formId}
        className="whitespace-nowrap rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        Set alert
      </button>
      <form
        id={formId}
        hidden={!open}
        aria-label={`Alert on ${ticker}`}
        onSubmit={(e) => void submit(e)}
        className={
          open
            ? 'absolute right-0 top-full z-40 mt-1 flex w-72 flex-col gap-3 rounded-md border border-slate-200 bg-white p-3 shadow-lg'
            : 'hidden'
        }
      >
        <AlertFields kind={kind} value={value} onKind={setKind} onValue={setValue} />
        <Button type="submit" busy={busy} busyText="Setting...">
          Set alert on {ticker}
        </Button>
        <Link to="/watchlists" className={`text-xs ${TEXT_LINK}`}>
          Your alerts are on the watchlists page
        </Link>
      </form>
      <span role="status" className={`ml-2 text-xs ${status?.ok === false ? 'text-red-700' : 'text-emerald-700'}`}>
        {status?.text ?? ''}
      </span>
    </span>
  );
}
