import type { MetricSeriesResponse } from '@app/shared/companies';
import { METRIC_KEYS, METRICS } from '@app/shared/metrics';
import { describe, expect, it } from 'vitest';
import { formatAxisValue, formatValue, secFilingsUrl, summarySentence } from './metric-text';

const company = { comp_name: 'AT&T Inc.', ticker: 'T', cik: 732717, slug: 'at-and-t-inc' };

function series(
  metric: MetricSeriesResponse['metric'],
  values: Array<[string, number, string?]>,
): MetricSeriesResponse {
  return {
    company,
    metric,
    period: '5',
    frequency: 'quarterly',
    other_currencies: [],
    data: values.map(([d, v, label]) => ({
      formatted_date: d,
      column_val: v,
      cik: 732717,
      ...(label ? { fiscal_label: label } : {}),
    })),
  };
}

describe('metric texts', () => {
  it('formats prices with $ and 2 decimals, amounts as M/B/T (SPEC §9)', () => {
    expect(formatValue(METRICS['stock-price'], 189.984)).toBe('$189.98');
    expect(formatAxisValue(METRICS.revenue, 383_285)).toBe('383.3B');
    expect(formatAxisValue(METRICS['market-cap'], 2_850_000)).toBe('2.9T');
    expect(formatAxisValue(METRICS['net-income'], -450)).toBe('-450.0M');
    expect(formatValue(METRICS.revenue, 383_285)).toBe('$383.29B');
  });

  it('summarises the latest value and the change in words', () => {
    expect(
      summarySentence(
        series('revenue', [
          ['2019-12-31', 100_000, 'FY2019'],
          ['2024-12-31', 125_000, 'FY2024'],
        ]),
      ),
    ).toBe(
      'AT&T Inc. (T) revenue was 125.0 billion dollars for FY2024 (ended 2024-12-31). That is up 25.0% from 100.0 billion dollars for FY2019 (ended 2019-12-31), across 2 data points.',
    );
    expect(
      summarySentence(
        series('net-income', [
          ['2024-03-31', -500, 'Q1 2024'],
          ['2024-06-30', 1_200, 'Q2 2024'],
        ]),
      ),
    ).toContain('It was minus 500.0 million dollars for Q1 2024');
    expect(summarySentence(series('stock-price', [['2024-06-28', 17.5]]))).toBe(
      'AT&T Inc. (T) stock price was $17.50 per share for 2024-06-28.',
    );
    expect(summarySentence(series('cash', []))).toBe('No cash data is available for AT&T Inc. (T).');
  });

  it('has a real explanation for each of the ten metrics', () => {
    for (const key of METRIC_KEYS) expect(METRICS[key].explanation.length, key).toBeGreaterThan(250);
    expect(new Set(METRIC_KEYS.map((k) => METRICS[k].chartType))).toEqual(new Set(['line', 'bar']));
  });

  it('links the SEC filing browser by the zero-padded CIK', () => {
    expect(secFilingsUrl(320193)).toContain('CIK=0000320193');
  });
});
