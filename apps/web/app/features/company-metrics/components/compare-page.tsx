import type { Company } from '@app/shared/companies';
import { formatNumber } from '@app/shared/format';
import { ALL_METRIC_KEYS, METRICS, type MetricKey } from '@app/shared/metrics';
import type { CompareResponse } from '@app/shared/statements';
import { useCallback } from 'react';
import { Link, useNavigate } from 'react-router';
import { ChartDataTable, monthEnds } from '../../../components/chart-data-table';
import { CompanySearch } from '../../../components/company-search';
import { PageContainer, PageHeader } from '../../../components/ui/page-header';
import { COMPARE_LIMIT, type CompareData, comparePath } from '../compare.loader';
import { formatAxisValue, formatValue } from '../metric-text';
import { CompareChart, SERIES_STYLES } from './compare-chart';

export const COMPARE_TITLE = 'Compare companies';

const percent = (v: number) =>
  `${v > 0 ? '+' : ''}${formatNumber(v, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`;

/** One sentence: who is compared, on what, from when, and where each ended. */
export function compareSummary(body: CompareResponse): string {
  const definition = METRICS[body.metric];
  const parts = body.series.map((s) => {
    const last = s.data.at(-1);
    if (!last) return `${s.company.comp_name} has no values`;
    return body.mode === 'percent'
      ? `${s.company.comp_name} ${last.value >= 0 ? 'rose' : 'fell'} ${formatNumber(Math.abs(last.value), { maximumFractionDigits: 1 })}%`
      : `${s.company.comp_name} reported ${formatValue(definition, last.value)} for the fiscal year ended ${last.date}`;
  });
  const lead =
    body.mode === 'percent'
      ? `${definition.label} as % change from ${body.start ?? 'the first common day'} to the latest close:`
      : `${definition.label} by fiscal year, latest:`;
  return `${lead} ${parts.join('; ')}.`;
}

/** Up to five companies on one chart, chosen with the company search and kept in the URL. */
export function ComparePage({ data }: { data: CompareData }) {
  const navigate = useNavigate();
  const { companies, metric, body } = data;
  const definition = METRICS[metric];
  const full = companies.length >= COMPARE_LIMIT;
  const onSelect = useCallback(
    (company: Company) => {
      if (companies.includes(company.slug) || companies.length >= COMPARE_LIMIT) return;
      navigate(comparePath([...companies, company.slug], metric));
    },
    [navigate, companies, metric],
  );
  const named = new Map(body?.series.map((s) => [s.company.slug, s.company]) ?? []);
  return (
    <PageContainer>
      <PageHeader
        title={COMPARE_TITLE}
        intro="Up to five companies on one chart: stock price and market cap as % change from a common start, fundamentals as fiscal-year values."
      />
      <div className="flex flex-col gap-6">
        {full ? (
          <p className="text-sm text-slate-700">Five companies are compared: remove one to add another.</p>
        ) : (
          <CompanySearch initialText="" skipTexts={[]} onSelect={onSelect} />
        )}
        {companies.length > 0 ? (
          <ul aria-label="Compared companies" className="flex flex-wrap gap-2">
            {companies.map((slug) => {
              const company = named.get(slug);
              return (
                <li
                  key={slug}
                  className="flex items-center gap-1 rounded-full border border-slate-300 bg-white py-1 pr-1 pl-3 text-sm"
                >
                  <span>{company ? `${company.comp_name} (${company.ticker})` : slug}</span>
                  <Link
                    to={comparePath(
                      companies.filter((c) => c !== slug),
                      metric,
                    )}
                    className="rounded-full px-2 text-slate-600 hover:bg-slate-100"
                    aria-label={`Remove ${company?.comp_name ?? slug}`}
                  >
                    ×
                  </Link>
                </li>
              );
            })}
          </ul>
        ) : null}
        <form method="get" action="/companies/compare" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="companies" value={companies.join(',')} />
          <label className="flex flex-col text-sm font-medium text-slate-700">
            Metric
            <select
              name="metric"
              defaultValue={metric}
              key={metric}
              onChange={(e) => navigate(comparePath(companies, e.currentTarget.value as MetricKey))}
              className="mt-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
            >
              {ALL_METRIC_KEYS.map((key) => (
                <option key={key} value={key}>
                  {METRICS[key].label}
                </option>
              ))}
            </select>
          </label>
          <noscript>
            <button type="submit" className="rounded-md border border-slate-300 px-3 py-2 text-sm">
              Show
            </button>
          </noscript>
        </form>

        <section
          aria-labelledby="compare-chart-heading"
          className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
        >
          <h2 id="compare-chart-heading" className="text-lg font-semibold text-slate-900">
            {definition.label}
            {body?.mode === 'percent' ? ' (% change)' : ''}
          </h2>
          {data.error ? (
            <p className="mt-4" role="alert">
              {data.error}
            </p>
          ) : !body ? (
            <p className="mt-4 text-slate-600">Search for a company above to start a comparison.</p>
          ) : (
            <>
              <ul
                className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700"
                data-testid="compare-legend"
                aria-label="Legend"
              >
                {body.series.map((s, i) => {
                  const style = SERIES_STYLES[i % SERIES_STYLES.length] as (typeof SERIES_STYLES)[number];
                  return (
                    <li key={s.company.slug} className="inline-flex items-center gap-1.5">
                      <span aria-hidden="true" className={`inline-block h-1 w-5 rounded-sm ${style.swatch}`} />
                      {s.company.comp_name} ({s.company.ticker})
                    </li>
                  );
                })}
              </ul>
              <p className="mt-2 text-sm text-slate-700" data-testid="compare-summary">
                {compareSummary(body)}
              </p>
              <div className="mt-4">
                <CompareChart
                  body={body}
                  formatAxis={(v) =>
                    body.mode === 'percent'
                      ? `${formatNumber(v, { maximumFractionDigits: 0 })}%`
                      : formatAxisValue(definition, v)
                  }
                />
              </div>
              <div className="mt-4">
                <CompareTable body={body} />
              </div>
            </>
          )}
        </section>
      </div>
    </PageContainer>
  );
}

function CompareTable({ body }: { body: CompareResponse }) {
  const definition = METRICS[body.metric];
  const dates = [...new Set(body.series.flatMap((s) => s.data.map((p) => p.date)))].sort();
  const daily = body.mode === 'percent' && dates.length > 120;
  const shown = daily ? monthEnds(dates, (d) => d) : dates;
  const values = body.series.map((s) => new Map(s.data.map((p) => [p.date, p.value])));
  const cell = (v: number | undefined) =>
    v === undefined ? '–' : body.mode === 'percent' ? percent(v) : formatValue(definition, v);
  return (
    <ChartDataTable
      caption={`${definition.label}${body.mode === 'percent' ? `, % change from ${body.start ?? ''}` : ''}: ${body.series.map((s) => s.company.ticker).join(', ')}`}
      note={daily ? 'One row per month: its last trading day.' : undefined}
      columns={[body.mode === 'percent' ? 'Date' : 'Fiscal year end', ...body.series.map((s) => s.company.ticker)]}
      rows={shown.map((date) => ({ key: date, cells: [date, ...values.map((m) => cell(m.get(date)))] }))}
    />
  );
}
