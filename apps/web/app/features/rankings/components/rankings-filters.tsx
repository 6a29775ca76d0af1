import { MARKET_CAP_BUCKETS, YEARLY_CHANGE_BUCKETS } from '@app/shared/buckets';
import {
  FIRST_RANKING_YEAR,
  isOpenYear,
  lastRankingYear,
  OPEN_YEARS,
  RANKINGS_SEARCH_MAX_LENGTH,
} from '@app/shared/rankings-view';
import { SECTORS } from '@app/shared/sectors';
import type { MouseEvent } from 'react';
import { Button, buttonClass } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { FilterBar } from '../../../components/ui/filter-bar';
import { SelectField } from '../../../components/ui/select';
import type { RankingsView } from '../rankings-params';

const LOCKED_HINT = 'Login to access this year';
const bucketOptions = (any: string, buckets: Record<string, { label: string }>) => [
  { value: 'any', label: any },
  ...Object.entries(buckets).map(([value, b]) => ({ value, label: b.label })),
];
// The options are the filter's values, so a chosen value is always one the view accepts.
const BUCKET_FILTERS = [
  { key: 'mkCap', label: 'Market cap', options: bucketOptions('Any market cap', MARKET_CAP_BUCKETS) },
  { key: 'yChange', label: 'Yearly change', options: bucketOptions('Any change', YEARLY_CHANGE_BUCKETS) },
] as const;
const SECTOR_OPTIONS = [
  { value: 'any', label: 'All sectors' },
  ...SECTORS.map((s) => ({ value: String(s.code), label: s.name })),
];

function yearOptions(signedIn: boolean) {
  const last = lastRankingYear();
  return Array.from({ length: last - FIRST_RANKING_YEAR + 1 }, (_, i) => {
    const year = last - i;
    const locked = !signedIn && !isOpenYear(year);
    return {
      value: String(year),
      label: locked ? `${year} — ${LOCKED_HINT}` : String(year),
      disabled: locked,
      title: locked ? LOCKED_HINT : undefined,
    };
  });
}

export function RankingsFilters({
  view,
  name,
  signedIn,
  csvHref,
  onCsvClick,
  onNameChange,
  onSearch,
  onChange,
}: {
  view: RankingsView;
  /** The name as typed; it applies on Search or Enter. */
  name: string;
  signedIn: boolean;
  csvHref: string;
  onCsvClick: (event: MouseEvent<HTMLAnchorElement>) => void;
  onNameChange: (name: string) => void;
  onSearch: () => void;
  onChange: (change: Partial<RankingsView>) => void;
}) {
  return (
    <FilterBar label="Filter companies" onSubmit={onSearch} className="sm:grid-cols-2 lg:grid-cols-4">
      <SelectField
        label="Year"
        name="year"
        value={String(view.year)}
        options={yearOptions(signedIn)}
        hint={signedIn ? undefined : `Login to access years outside ${OPEN_YEARS.from}–${OPEN_YEARS.to}.`}
        onChange={(event) => {
          const year = Number(event.target.value);
          // SPEC §5: the selector ignores a year an anonymous visitor may not see.
          if (signedIn || isOpenYear(year)) onChange({ year });
        }}
      />
      {BUCKET_FILTERS.map((filter) => (
        <SelectField
          key={filter.key}
          label={filter.label}
          name={filter.key}
          value={view[filter.key]}
          options={filter.options}
          onChange={(event) => onChange({ [filter.key]: event.target.value })}
        />
      ))}
      <SelectField
        label="Sector"
        name="sect"
        value={view.sect === null ? 'any' : String(view.sect)}
        options={SECTOR_OPTIONS}
        onChange={(event) => onChange({ sect: event.target.value === 'any' ? null : Number(event.target.value) })}
      />
      <div className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:col-span-4">
        <div className="min-w-0 flex-1 basis-full sm:basis-auto">
          <Field
            label="Company name"
            name="name"
            type="search"
            value={name}
            maxLength={RANKINGS_SEARCH_MAX_LENGTH}
            placeholder="Search by company name"
            autoComplete="off"
            onChange={(event) => onNameChange(event.target.value)}
          />
        </div>
        <Button type="submit">Search</Button>
        <a href={csvHref} download onClick={onCsvClick} className={buttonClass('secondary')}>
          Export CSV
        </a>
      </div>
    </FilterBar>
  );
}
