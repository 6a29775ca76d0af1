import type { Company, MetricSeriesResponse } from '@app/shared/companies';
import { formatNumber } from '@app/shared/format';
import { type Frequency, METRICS, type MetricPeriod } from '@app/shared/metrics';
import { nameFromSlug } from '@app/shared/slug';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useNavigation } from 'react-router';
import { AddToWatchlist } from '../../../components/add-to-watchlist';
import { ChartDataTable, monthEnds } from '../../../components/chart-data-table';
import { CompanySearch } from '../../../components/company-search';
import { SetAlert } from '../../../components/set-alert';
import { PageContainer, PageHeader } from '../../../components/ui/page-header';
import { useAuth } from '../../../lib/auth-state';
import { fetchSeries } from '../company-metrics.api';
import type { CompanyMetricsData } from '../company-metrics.loader';
import { PAGE_TITLE } from '../company-metrics.meta';
import { formatValue, frequencyNote, RANGE_LABELS, secFilingsUrl, summarySentence } from '../metric-text';
import { KeyMeasures } from './key-measures';
import { CHART_HEIGHT_CLASS, MetricChart } from './metric-chart';
import { MetricChips } from './metric-chips';
import { RangeControls } from './range-controls';

/** SPEC §2, §4. */
/** `demoData`: CIKs are invented, so EDGAR has nothing to show. */
export function CompanyMetricsPage({ data, demoData = false }: { data: CompanyMetricsData; demoData?: boolean }) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const signedIn = useSignedIn();
  const [period, setPeriod] = useState<MetricPeriod>('5');
  const [frequency, setFrequency] = useState<Frequency>('quarterly');
  const [logScale, setLogScale] = useState(false);
  const definition = METRICS[data.metric];
  const filing = definition.source === 'filings';

  // Signing out in another tab takes the long ranges away again.
  useEffect(() => {
    if (!signedIn) setPeriod('5');
  }, [signedIn]);

  // SPEC §4: only the public default is server-rendered. A series counts only for the request it
  // answers, so a loading page never shows the previous company's or range's numbers.
  const serverDefault = period === '5' && (frequency === 'quarterly' || !filing);
  const requestKey =
    data.slug && !data.notFound && !serverDefault ? [data.slug, data.metric, period, frequency].join('|') : null;
  const [fetched, setFetched] = useState<{ key: string; series: MetricSeriesResponse | null } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: requestKey encodes slug, metric, period and frequency
  useEffect(() => {
    if (!requestKey || !data.slug) return;
    const controller = new AbortController();
    fetchSeries({ slug: data.slug, metric: data.metric, period, frequency }, { signal: controller.signal })
      .then((next) => setFetched({ key: requestKey, series: next }))
      .catch((err) => {
        if (controller.signal.aborted) return;
        // SPEC §8: logged only; the chart shows its empty state.
        console.warn('Metric series failed to load', err);
        setFetched({ key: requestKey, series: null });
      });
    return () => controller.abort();
  }, [requestKey]);
  const series = requestKey === null ? data.series : fetched?.key === requestKey ? fetched.series : null;
  const fetching = requestKey !== null && fetched?.key !== requestKey;

  const onSelect = useCallback(
    (company: Company) => navigate(`/companies/info/${company.slug}/${data.metric}`),
    [navigate, data.metric],
  );

  const loading =
    fetching || (navigation.state === 'loading' && navigation.location.pathname.startsWith('/companies/info'));
  // The server's series names the same company, so the heading holds while a range loads.
  const company = series?.company ?? data.series?.company ?? null;
  const slugName = data.slug ? nameFromSlug(data.slug) : '';
  const searchText = company?.comp_name ?? slugName;
  const allPositive = (series?.data ?? []).every((r) => r.column_val > 0);
  const showLog = period !== '5';

  return (
    <PageContainer>
      <PageHeader
        title={company ? `${company.comp_name} (${company.ticker})` : PAGE_TITLE}
        intro="Stock price, market cap and the main figures of SEC filings for US public companies, charted over 5, 10 or all available years."
      />
      <div className="flex flex-col gap-6">
        <CompanySearch initialText={searchText} skipTexts={[searchText, slugName]} onSelect={onSelect} />
        {data.slug && !data.notFound ? <MetricChips slug={data.slug} metric={data.metric} /> : null}
        {data.slug && !data.notFound ? (
          <RangeControls
            period={period}
            onPeriod={setPeriod}
            signedIn={signedIn}
            frequency={filing ? frequency : null}
            onFrequency={setFrequency}
            logScale={showLog ? logScale && allPositive : null}
            logScaleDisabled={!allPositive}
            onLogScale={setLogScale}
          />
        ) : null}

        <section
          aria-labelledby="metric-chart-heading"
          className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
        >
          <div className="flex items-center justify-between gap-2">
            <h2 id="metric-chart-heading" className="min-w-0 text-lg font-semibold text-slate-900">
              {company ? `${definition.label}` : 'Chart'}
            </h2>
            {/* Members only, on the heading's line: the chart below does not move. */}
            {company ? (
              <span className="flex flex-wrap items-center gap-2">
                <AddToWatchlist ticker={company.ticker} compName={company.comp_name} />
                <SetAlert ticker={company.ticker} />
              </span>
            ) : null}
          </div>
          {series && company ? <Legend series={series} period={period} /> : null}
          <div className="relative mt-4" aria-busy={loading}>
            <ChartBody data={data} series={series} logScale={showLog && logScale && allPositive} />
            {loading ? <Spinner /> : null}
          </div>
          {series && company && series.data.length > 0 ? (
            <div className="mt-3">
              <SeriesTable series={series} />
            </div>
          ) : null}
        </section>

        {series && company && series.data.length > 0 ? (
          <>
            <Summary series={series} />
            <LatestValues series={series} />
          </>
        ) : null}
        {data.measures && !data.notFound ? <KeyMeasures measures={data.measures} /> : null}
        {data.slug && !data.notFound ? (
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <Link
              to={`/companies/info/${encodeURIComponent(data.slug)}/statements`}
              className="font-medium text-brand-700 underline hover:text-brand-600"
            >
              Financial statements
            </Link>
            <Link
              to={`/companies/compare?companies=${encodeURIComponent(data.slug)}${data.metric === 'market-cap' ? '' : `&metric=${data.metric}`}`}
              className="font-medium text-brand-700 underline hover:text-brand-600"
            >
              Compare with other companies
            </Link>
          </p>
        ) : null}
        {company && demoData ? (
          <p className="text-sm text-slate-600">
            {company.comp_name} is a fictional demo company, so it has no SEC filings to link to.
          </p>
        ) : company?.cik ? (
          <p>
            <a
              href={secFilingsUrl(company.cik)}
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium text-brand-700 underline hover:text-brand-600"
            >
              View {company.comp_name} filings on SEC EDGAR
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </p>
        ) : null}
      </div>
    </PageContainer>
  );
}

function ChartBody({
  data,
  series,
  logScale,
}: {
  data: CompanyMetricsData;
  series: MetricSeriesResponse | null;
  logScale: boolean;
}) {
  let message: string | null = null;
  if (!data.slug) message = 'Select a company to view metrics';
  else if (data.notFound) message = `No company matches "${nameFromSlug(data.slug)}". Search for it above.`;
  else if (!series || series.data.length === 0) message = 'No data available';
  if (message) {
    return (
      <div className={`${CHART_HEIGHT_CLASS} flex items-center justify-center rounded-lg bg-slate-50 text-slate-600`}>
        <p>{message}</p>
      </div>
    );
  }
  return <MetricChart series={series as MetricSeriesResponse} logScale={logScale} />;
}

function Spinner() {
  return (
    <div className="absolute inset-0 flex items-center justify-center bg-white/60" role="status">
      <span className="size-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" />
      <span className="sr-only">Loading</span>
    </div>
  );
}

/** SPEC §2 legend. */
function Legend({ series, period }: { series: MetricSeriesResponse; period: MetricPeriod }) {
  const definition = METRICS[series.metric];
  const note = frequencyNote(series);
  return (
    <div className="mt-1 text-sm text-slate-600" data-testid="metric-legend">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-brand-600" />
          {definition.label}
        </span>
        <span className="font-mono">{series.company.ticker}</span>
        <span>{RANGE_LABELS[period]}</span>
        <span>{formatNumber(series.data.length)} data points</span>
      </p>
      {note ? <p className="mt-1">{note}. Amounts in millions of US dollars.</p> : null}
      {series.metric === 'stock-price' ? (
        <p className="mt-1">Daily closing price in US dollars, split-adjusted.</p>
      ) : null}
      {series.metric === 'market-cap' ? (
        <p className="mt-1">Daily close × shares outstanding, in millions of US dollars.</p>
      ) : null}
      {series.other_currencies.length > 0 ? (
        <p className="mt-1 text-amber-800">
          {series.company.comp_name} also reports in {series.other_currencies.join(', ')}; only amounts in US dollars
          are charted.
        </p>
      ) : null}
    </div>
  );
}

function Summary({ series }: { series: MetricSeriesResponse }) {
  const definition = METRICS[series.metric];
  return (
    <section aria-labelledby="metric-summary-heading" className="max-w-3xl">
      <h2 id="metric-summary-heading" className="text-lg font-semibold text-slate-900">
        About {definition.label.toLowerCase()}
      </h2>
      <p className="mt-2 text-slate-700" data-testid="metric-summary">
        {summarySentence(series)}
      </p>
      <p className="mt-2 text-slate-700">{definition.explanation}</p>
    </section>
  );
}

/** The numbers in the HTML for readers and crawlers without the chart. */
function LatestValues({ series }: { series: MetricSeriesResponse }) {
  const definition = METRICS[series.metric];
  const rows = series.data.slice(-8).reverse();
  const filing = definition.source === 'filings';
  return (
    <section aria-labelledby="latest-values-heading" className="max-w-xl">
      <h2 id="latest-values-heading" className="text-lg font-semibold text-slate-900">
        Latest values
      </h2>
      <table className="mt-2 w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              {filing ? 'Period' : 'Date'}
            </th>
            {filing ? (
              <th scope="col" className="py-2 pr-4 font-medium">
                Ended
              </th>
            ) : null}
            <th scope="col" className="py-2 text-right font-medium">
              {definition.label}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.formatted_date} className="border-b border-slate-100">
              <td className="py-2 pr-4">
                {filing ? `${row.fiscal_label ?? ''}${row.form ? ` (${row.form})` : ''}` : row.formatted_date}
              </td>
              {filing ? <td className="py-2 pr-4">{row.formatted_date}</td> : null}
              <td className="py-2 text-right font-mono tabular-nums">{formatValue(definition, row.column_val)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The chart's data as a table (month ends for a daily series). */
function SeriesTable({ series }: { series: MetricSeriesResponse }) {
  const definition = METRICS[series.metric];
  const filing = definition.source === 'filings';
  const rows = filing ? series.data : monthEnds(series.data, (r) => r.formatted_date);
  return (
    <ChartDataTable
      caption={`${definition.label} of ${series.company.comp_name} (${series.company.ticker})`}
      note={filing ? undefined : 'One row per month: its last trading day.'}
      columns={filing ? ['Period', 'Ended', definition.label] : ['Date', definition.label]}
      rows={rows
        .slice()
        .reverse()
        .map((r) => ({
          key: r.formatted_date,
          cells: filing
            ? [
                `${r.fiscal_label ?? ''}${r.form ? ` (${r.form})` : ''}`,
                r.formatted_date,
                formatValue(definition, r.column_val),
              ]
            : [r.formatted_date, formatValue(definition, r.column_val)],
        }))}
    />
  );
}

/** Browser storage, so false on the server and until hydration. */
function useSignedIn(): boolean {
  return useAuth().user !== null;
}
