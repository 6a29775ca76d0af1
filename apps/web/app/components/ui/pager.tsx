import { type FormEvent, useId, useState } from 'react';
import { pageCountOf, pageWindow, parseGoTo } from './pager-math';

export interface PagerProps {
  /** 1-based. */
  page: number;
  totalItems: number;
  pageSize: number;
  /** SPEC §9: 5 in the screener and simulator, 10 in rankings. */
  windowSize: number;
  onPageChange: (page: number) => void;
  goTo?: boolean;
  label?: string;
}

const BUTTON =
  'min-w-9 rounded-md border px-2 py-2 sm:min-w-10 sm:px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-50';
const IDLE = 'border-slate-300 bg-white text-slate-700 hover:bg-slate-100';
const CURRENT = 'border-brand-600 bg-brand-600 text-white';

/** SPEC §2, §5. */
export function Pager({
  page,
  totalItems,
  pageSize,
  windowSize,
  onPageChange,
  goTo = true,
  label = 'Pages',
}: PagerProps) {
  const pageCount = pageCountOf(totalItems, pageSize);
  const [goToText, setGoToText] = useState('');
  const inputId = useId();
  const go = (target: number) => {
    if (target >= 1 && target <= pageCount && target !== page) onPageChange(target);
  };
  const submitGoTo = (event: FormEvent) => {
    event.preventDefault();
    const target = parseGoTo(goToText, pageCount);
    if (target === null) return;
    setGoToText(String(target));
    go(target);
  };

  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          <button type="button" className={`${BUTTON} ${IDLE}`} disabled={page <= 1} onClick={() => go(page - 1)}>
            Previous
          </button>
        </li>
        {pageWindow(page, pageCount, windowSize).map((p) => (
          <li key={p}>
            <button
              type="button"
              className={`${BUTTON} ${p === page ? CURRENT : IDLE}`}
              aria-current={p === page ? 'page' : undefined}
              aria-label={`Page ${p}`}
              onClick={() => go(p)}
            >
              {p}
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            className={`${BUTTON} ${IDLE}`}
            disabled={page >= pageCount}
            onClick={() => go(page + 1)}
          >
            Next
          </button>
        </li>
      </ul>
      {goTo ? (
        <form onSubmit={submitGoTo} className="flex items-center gap-2 text-sm">
          <label htmlFor={inputId} className="text-slate-600">
            Go to page
          </label>
          <input
            id={inputId}
            inputMode="numeric"
            autoComplete="off"
            value={goToText}
            onChange={(event) => setGoToText(event.target.value)}
            className="w-16 rounded-md border border-slate-300 px-2 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-500"
          />
          <button type="submit" className={`${BUTTON} ${IDLE}`}>
            Go
          </button>
          <span className="text-slate-600">of {pageCount}</span>
        </form>
      ) : null}
    </nav>
  );
}
