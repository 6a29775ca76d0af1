import { formatCount, formatMillions, formatNumber, formatPrice, formatSigned } from '@app/shared/format';
import { MEASURE_BY_ID, type MeasureId } from '@app/shared/screener-measures';

/** A measure's value as the table shows it; an empty measure is an en dash, never 0. */
export function formatMeasure(id: MeasureId, value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  switch (MEASURE_BY_ID[id].unit) {
    case 'usd':
      return formatPrice(value);
    case 'usd-millions':
      return value === 0 ? '$0' : formatMillions(value);
    case 'shares':
      return formatCount(value);
    case 'multiple':
      return `${formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}×`;
    case 'percent':
      return `${formatSigned(value)}%`;
  }
}

/** Green for a gain, red for a loss: for the percent measures only. */
export function measureTone(id: MeasureId, value: number | null | undefined): string {
  if (MEASURE_BY_ID[id].unit !== 'percent' || value === null || value === undefined) return '';
  return value >= 0 ? 'text-emerald-700' : 'text-red-700';
}
