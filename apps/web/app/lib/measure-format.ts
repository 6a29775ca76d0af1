import { MEASURE_BY_ID, type MeasureId } from '@app/shared/screener-measures';

/** Green for a gain, red for a loss: for the percent measures only. */
export function measureTone(id: MeasureId, value: number | null | undefined): string {
  if (MEASURE_BY_ID[id].unit !== 'percent' || value === null || value === undefined) return '';
  return value >= 0 ? 'text-emerald-700' : 'text-red-700';
}
