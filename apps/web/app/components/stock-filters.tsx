import { MARKET_CAP_BUCKETS, MARKET_CAP_FILTERS } from '@app/shared/buckets';
import { isOneOf } from '@app/shared/one-of';
import { SEARCH_MAX_LENGTH } from '@app/shared/screener-view';
import { SECTORS } from '@app/shared/sectors';
import type { ReactNode } from 'react';
import type { StockFilters } from '../lib/eod-client';
import { Button } from './ui/button';
import { Field } from './ui/field';
import { FilterBar } from './ui/filter-bar';
import { SelectField } from './ui/select';

const SECTOR_OPTIONS = [
  { value: 'any', label: 'All sectors' },
  ...SECTORS.map((sector) => ({ value: String(sector.code), label: sector.screenerName })),
];
const CAP_OPTIONS = [
  { value: 'any', label: 'All sizes' },
  ...Object.entries(MARKET_CAP_BUCKETS).map(([value, bucket]) => ({ value, label: bucket.label })),
];

/** SPEC §2 stock list filters, shared by the screener and the simulator. */
export function StockFilterBar({
  label,
  filters,
  onChange,
  onReset,
  idPrefix,
  actions,
}: {
  label: string;
  filters: StockFilters;
  onChange: (change: Partial<StockFilters>) => void;
  onReset: () => void;
  idPrefix: string;
  actions?: ReactNode;
}) {
  return (
    <FilterBar label={label} className="sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto]">
      <Field
        id={`${idPrefix}-search`}
        label="Search"
        name="q"
        type="search"
        value={filters.q}
        maxLength={SEARCH_MAX_LENGTH}
        placeholder="Ticker or company name"
        autoComplete="off"
        onChange={(event) => onChange({ q: event.target.value })}
      />
      <SelectField
        id={`${idPrefix}-sector`}
        label="Sector"
        name="sect"
        value={filters.sect === null ? 'any' : String(filters.sect)}
        options={SECTOR_OPTIONS}
        onChange={(event) => onChange({ sect: event.target.value === 'any' ? null : Number(event.target.value) })}
      />
      <SelectField
        id={`${idPrefix}-cap`}
        label="Market Cap"
        name="cap"
        value={filters.cap}
        options={CAP_OPTIONS}
        onChange={(event) => {
          const cap = event.target.value;
          if (isOneOf(MARKET_CAP_FILTERS, cap)) onChange({ cap });
        }}
      />
      <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-1">
        <Button variant="secondary" onClick={onReset}>
          Reset Filters
        </Button>
        {actions}
      </div>
    </FilterBar>
  );
}
