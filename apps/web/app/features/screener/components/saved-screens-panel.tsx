import type { SavedScreen, SavedScreensResponse } from '@app/shared/screener-screen';
import { type FormEvent, useId, useState } from 'react';
import { buttonClass } from '../../../components/ui/button';
import { INPUT_CLASS } from '../../../components/ui/field';
import { TEXT_LINK } from '../../../components/ui/text-link';
import { apiGet, apiPost, apiSend } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-state';
import { errorMessage } from '../../../lib/member-data';
import { SCREEN_PATH, type ScreenView, searchFromScreen } from '../screen-params';

const savedScreensApi = {
  list: () => apiGet<SavedScreensResponse>('/api/screens'),
  create: (name: string, query: string) => apiPost<SavedScreen>('/api/screens', { name, query }),
  update: (id: number, query: string) => apiSend<SavedScreen>('PUT', `/api/screens/${id}`, { query }),
  remove: (id: number) => apiSend<{ ok: true }>('DELETE', `/api/screens/${id}`),
};

const hrefOf = (query: string) => (query ? `${SCREEN_PATH}?${query}` : SCREEN_PATH);

/**
 * A member's saved screens: save the screen shown under a name, open, update to the screen shown,
 * delete. Loaded when opened (the screen itself is public and rendered on the server).
 */
export function SavedScreensPanel({ view }: { view: ScreenView }) {
  const { user } = useAuth();
  const id = useId();
  const [screens, setScreens] = useState<SavedScreen[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const query = searchFromScreen(view, { withPage: false }).toString();

  if (!user) {
    return (
      <p className="text-sm text-slate-600">
        <a href={`/login?redirectTo=${encodeURIComponent(hrefOf(query))}`} className={TEXT_LINK}>
          Sign in
        </a>{' '}
        to save screens and open them again.
      </p>
    );
  }

  async function run(work: () => Promise<string>, failure: string) {
    setBusy(true);
    try {
      const text = await work();
      setScreens((await savedScreensApi.list()).screens);
      setStatus({ ok: true, text });
    } catch (err) {
      setStatus({ ok: false, text: errorMessage(err, failure) });
    } finally {
      setBusy(false);
    }
  }

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get('name') ?? '').trim();
    if (!name) {
      setStatus({ ok: false, text: 'Give the screen a name.' });
      return;
    }
    void run(async () => {
      await savedScreensApi.create(name, query);
      form.reset();
      return `Saved "${name}".`;
    }, 'The screen could not be saved.');
  }

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        My screens
      </h2>
      <form onSubmit={save} className="mt-2 flex flex-wrap items-end gap-2">
        <label className="text-sm font-medium text-slate-800" htmlFor={`${id}-name`}>
          Name
          <input id={`${id}-name`} name="name" maxLength={60} className={`${INPUT_CLASS} border-slate-300`} />
        </label>
        <button type="submit" className={buttonClass('secondary')} disabled={busy}>
          Save this screen
        </button>
        {screens === null ? (
          <button
            type="button"
            className={buttonClass('ghost')}
            disabled={busy}
            onClick={() => void run(async () => '', 'Your screens could not be loaded.')}
          >
            Show my screens
          </button>
        ) : null}
      </form>
      <p
        aria-live="polite"
        className={`mt-2 min-h-5 text-sm ${status?.ok === false ? 'text-red-700' : 'text-slate-600'}`}
      >
        {status?.text ?? ''}
      </p>
      {screens !== null ? (
        screens.length === 0 ? (
          <p className="text-sm text-slate-600">No saved screens yet.</p>
        ) : (
          <ul className="mt-1 divide-y divide-slate-100">
            {screens.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center gap-3 py-2 text-sm">
                <a href={hrefOf(s.query)} className={TEXT_LINK}>
                  {s.name}
                </a>
                <button
                  type="button"
                  className={buttonClass('ghost')}
                  disabled={busy || s.query === query}
                  onClick={() =>
                    void run(async () => {
                      await savedScreensApi.update(s.id, query);
                      return `"${s.name}" now holds this screen.`;
                    }, 'The screen could not be updated.')
                  }
                >
                  Update to this screen
                  <span className="sr-only"> ({s.name})</span>
                </button>
                <button
                  type="button"
                  className={buttonClass('ghost')}
                  disabled={busy}
                  onClick={() =>
                    void run(async () => {
                      await savedScreensApi.remove(s.id);
                      return `Deleted "${s.name}".`;
                    }, 'The screen could not be deleted.')
                  }
                >
                  Delete
                  <span className="sr-only"> {s.name}</span>
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </section>
  );
}
