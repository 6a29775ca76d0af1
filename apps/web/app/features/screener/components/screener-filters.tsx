import { MARKET_CAP_BUCKETS, MARKET_CAP_FILTERS, type MarketCapFilter } from '@app/shared/buckets';
import { isOneOf } from '@app/shared/one-of';
import { SEARCH_MAX_LENGTH } from '@app/shared/screener-view';
import { SECTORS } from '@app/shared/sectors';

/** The filters as the visitor is editing them, before the debounce applies them. */
export interface FilterDraft {
  q: string;
  sect: number | null;
  cap: MarketCapFilter;
}

const FIELD =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500';
const LABEL = 'mb-1 block text-sm font-medium text-slate-700';

export function ScreenerFilters({
  draft,
  onChange,
  onReset,
  csvHref,
}: {
  draft: FilterDraft;
  onChange: (draft: FilterDraft) => void;
  onReset: () => void;
  csvHref: string;
}) {
  return (
    <search aria-label="Filter companies">
      <form
        onSubmit={(event) => event.preventDefault()}
        className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto]"
      >
        <div>
          <label htmlFor="screener-search" className={LABEL}>
            Search
          </label>
          <input
            id="screener-search"
            type="search"
            value={draft.q}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder="Ticker or company name"
            autoComplete="off"
            onChange={(event) => onChange({ ...draft, q: event.target.value })}
            className={FIELD}
          />
        </div>
        <div>
          <label htmlFor="screener-sector" className={LABEL}>
            Sector
          </label>
          <select
            id="screener-sector"
            value={draft.sect === null ? 'any' : String(draft.sect)}
            onChange={(event) =>
              onChange({ ...draft, sect: event.target.value === 'any' ? null : Number(event.target.value) })
            }
            className={FIELD}
          >
            <option value="any">All sectors</option>
            {SECTORS.map((sector) => (
              <option key={sector.code} value={sector.code}>
                {sector.screenerName}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="screener-cap" className={LABEL}>
            Market Cap
          </label>
          <select
            id="screener-cap"
            value={draft.cap}
            onChange={(event) => {
              const cap = event.target.value;
              if (isOneOf(MARKET_CAP_FILTERS, cap)) onChange({ ...draft, cap });
            }}
            className={FIELD}
          >
            <option value="any">All sizes</option>
            {Object.entries(MARKET_CAP_BUCKETS).map(([name, bucket]) => (
              <option key={name} value={name}>
                {bucket.label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-1">
          <button
            type="button"
            onClick={onReset}
            className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            Reset Filters
          </button>
          <a
            href={csvHref}
            download
            className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold whitespace-nowrap text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          >
            Export CSV
          </a>
        </div>
      </form>
    </search>
  );
}
