import type { MetricRow, MetricSeriesResponse } from '@app/shared/companies';
import {
  formatAxisMillions,
  formatCount,
  formatMillions,
  formatMillionsInWords,
  formatPrice,
} from '@app/shared/format';
import { METRICS, type MetricDefinition, type MetricPeriod } from '@app/shared/metrics';

/** SPEC §2 reference link. */
export function secFilingsUrl(cik: number): string {
  return `https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=${String(cik).padStart(10, '0')}&type=&dateb=&owner=include&count=40`;
}

export const RANGE_LABELS: Record<MetricPeriod, string> = { '5': '5 Years', '10': '10 Years', all: 'All Available' };

/** SPEC §9. */
export function formatValue(definition: MetricDefinition, value: number): string {
  if (definition.unit === 'shares') return formatCount(value);
  return definition.unit === 'usd' ? formatPrice(value) : formatMillions(value);
}

/** SPEC §9. */
export function formatAxisValue(definition: MetricDefinition, value: number): string {
  if (definition.unit === 'shares') return formatCount(value);
  return definition.unit === 'usd' ? formatPrice(value) : formatAxisMillions(value);
}

/** SPEC §9. */
export function valueInWords(definition: MetricDefinition, value: number): string {
  if (definition.unit === 'shares') return `${formatCount(value)} shares`;
  return definition.unit === 'usd' ? `${formatPrice(value)} per share` : `${formatMillionsInWords(value)} dollars`;
}

export function pointName(row: MetricRow): string {
  return row.fiscal_label ? `${row.fiscal_label} (ended ${row.formatted_date})` : row.formatted_date;
}

export function frequencyNote(series: MetricSeriesResponse): string | null {
  switch (series.frequency) {
    case 'quarterly':
      return 'Quarterly values from 10-Q and 10-K filings';
    case 'annual':
      return 'Annual values (fiscal years) from 10-K filings';
    case 'mixed':
      return 'Quarterly values; annual values where no quarterly filing exists';
    default:
      return null;
  }
}

/** Plain words so a crawler and a screen reader get the numbers without the chart. */
export function summarySentence(series: MetricSeriesResponse): string {
  const definition = METRICS[series.metric];
  const { comp_name: name, ticker } = series.company;
  const first = series.data[0];
  const last = series.data.at(-1);
  if (!first || !last) return `No ${definition.label.toLowerCase()} data is available for ${name} (${ticker}).`;
  const latest = `${name} (${ticker}) ${definition.label.toLowerCase()} was ${valueInWords(definition, last.column_val)} for ${pointName(last)}.`;
  if (first === last) return latest;
  const change =
    first.column_val > 0 && last.column_val > 0
      ? ` That is ${describeChange(last.column_val / first.column_val - 1)} from ${valueInWords(definition, first.column_val)} for ${pointName(first)}`
      : ` It was ${valueInWords(definition, first.column_val)} for ${pointName(first)}`;
  return `${latest}${change}, across ${series.data.length} data points.`;
}

function describeChange(fraction: number): string {
  const pct = Math.abs(fraction * 100).toFixed(1);
  if (fraction > 0) return `up ${pct}%`;
  if (fraction < 0) return `down ${pct}%`;
  return 'unchanged';
}
