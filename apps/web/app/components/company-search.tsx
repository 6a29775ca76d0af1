import type { Company, CompanyListResponse, CompanyMatch } from '@app/shared/companies';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { apiGet } from '../lib/api-client';
import { useDismiss } from './use-dismiss';

function fetchCompanies(name: string, signal?: AbortSignal): Promise<CompanyListResponse> {
  const query = name ? `?name=${encodeURIComponent(name)}` : '';
  return apiGet<CompanyListResponse>(`/api/companies/list${query}`, { signal });
}

/** SPEC §9: the company search waits 300 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;

interface CompanySearchProps {
  /** SPEC §4: the selected company's name. */
  initialText: string;
  /** Never searched. */
  skipTexts: string[];
  onSelect: (company: Company) => void;
  /** The field's label; SPEC §4 names the metrics page's "Search Company". */
  label?: string;
  /** Empty the field after a choice (adding to a list), rather than show the company chosen. */
  clearOnSelect?: boolean;
}

/** SPEC §2, §4 (the metrics page), and adding a company to a watchlist; the WAI-ARIA combobox pattern. */
export function CompanySearch({
  initialText,
  skipTexts,
  onSelect,
  label = 'Search Company',
  clearOnSelect = false,
}: CompanySearchProps) {
  const [text, setText] = useState(initialText);
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<CompanyMatch[]>([]);
  const [loading, setLoading] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [active, setActive] = useState(-1);
  const rootRef = useRef<HTMLDivElement>(null);
  const requestRef = useRef<AbortController | null>(null);
  const timerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const listId = useId();
  const inputId = useId();

  useEffect(() => setText(initialText), [initialText]);

  const load = useCallback(async (query: string) => {
    requestRef.current?.abort();
    const controller = new AbortController();
    requestRef.current = controller;
    setLoading(true);
    try {
      const list = await fetchCompanies(query, controller.signal);
      if (controller.signal.aborted) return;
      setOptions(list);
    } catch (err) {
      if (controller.signal.aborted) return;
      // SPEC §8: a failed list is logged and shown as empty.
      console.warn('Company search failed', err);
      setOptions([]);
    }
    setLoaded(true);
    setLoading(false);
    setActive(-1);
  }, []);

  useEffect(
    () => () => {
      requestRef.current?.abort();
      if (timerRef.current) clearTimeout(timerRef.current);
    },
    [],
  );

  const close = useCallback(() => {
    setOpen(false);
    setActive(-1);
  }, []);
  useDismiss(rootRef, open, close);

  const openList = () => {
    setOpen(true);
    if (!loaded && !loading) void load(searchable(text, skipTexts) ? text.trim() : '');
  };

  const onChange = (value: string) => {
    setText(value);
    setOpen(true);
    if (timerRef.current) clearTimeout(timerRef.current);
    if (value.trim() === '') {
      void load('');
      return;
    }
    if (!searchable(value, skipTexts)) return;
    timerRef.current = setTimeout(() => void load(value.trim()), SEARCH_DEBOUNCE_MS);
  };

  const choose = (company: Company) => {
    setText(clearOnSelect ? '' : company.comp_name);
    close();
    onSelect(company);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        openList();
        return;
      }
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      const picked = options[active] ?? (open && options.length > 0 && active < 0 ? options[0] : undefined);
      if (picked && open) {
        event.preventDefault();
        choose(picked);
      }
    } else if (event.key === 'Escape') {
      close();
    }
  };

  const activeId = active >= 0 ? `${listId}-${active}` : undefined;
  return (
    <div ref={rootRef} className="relative w-full max-w-xl">
      <label htmlFor={inputId} className="mb-1 block text-sm font-semibold text-slate-700">
        {label}
      </label>
      <input
        id={inputId}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open ? activeId : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder="Enter company name or ticker..."
        value={text}
        onChange={(e) => onChange(e.target.value)}
        onFocus={openList}
        onClick={() => !open && openList()}
        onKeyDown={onKeyDown}
        className="w-full rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-500 focus:outline-2 focus:outline-brand-500"
      />
      <div
        className={`absolute z-20 mt-1 w-full overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg ${open ? '' : 'hidden'}`}
      >
        <div id={listId} role="listbox" aria-label="Companies" tabIndex={-1} className="max-h-80 overflow-y-auto py-1">
          {options.map((company, i) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the input handles the keys for every option
            <div
              key={company.slug}
              id={`${listId}-${i}`}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(company)}
              onMouseEnter={() => setActive(i)}
              className={`flex cursor-pointer items-baseline justify-between gap-3 px-4 py-2 text-sm ${i === active ? 'bg-brand-50 text-brand-700' : 'text-slate-800'}`}
            >
              <span className="min-w-0 truncate">
                {company.comp_name}
                {company.former_name ? (
                  <span className="block truncate text-xs text-slate-500">formerly {company.former_name}</span>
                ) : null}
              </span>
              <span className="shrink-0 font-mono text-xs text-slate-500">{company.ticker}</span>
            </div>
          ))}
        </div>
        {options.length === 0 ? (
          <p className="px-4 py-3 text-sm text-slate-600">
            {loading || !loaded
              ? 'Searching…'
              : text.trim()
                ? `No companies found for "${text.trim()}"`
                : 'No companies available'}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** SPEC §4: no search for empty text or for the selected company's own name. */
function searchable(text: string, skipTexts: string[]): boolean {
  const trimmed = text.trim().toLowerCase();
  return trimmed !== '' && !skipTexts.some((skip) => skip.trim().toLowerCase() === trimmed);
}
