import { formatNumber } from '@app/shared/format';
import { nameFromSlug } from '@app/shared/slug';
import type { StatementResponse } from '@app/shared/statements';
import { STATEMENT_KINDS, STATEMENT_PERIOD_LABELS, STATEMENT_PERIODS, STATEMENTS } from '@app/shared/statements-view';
import { Link } from 'react-router';
import { PageContainer, PageHeader } from '../../../components/ui/page-header';
import { type StatementsData, statementCsvPath, statementPath } from '../statements.loader';

type Line = StatementResponse['lines'][number];
type Source = Line['sources'][number];

/** An amount in millions with separators (no decimals from 100 up), a per-share value in cents, a count whole. */
export function formatFigure(unit: Line['unit'], value: number | null): string {
  if (value === null) return '–';
  if (unit === 'usd') return formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  if (unit === 'shares') return formatNumber(Math.round(value));
  return formatNumber(value, { maximumFractionDigits: Math.abs(value) >= 100 ? 0 : 2 });
}

/** A fraction as a percent with one decimal: 0.2534 → '25.3%'. */
export function formatRatio(value: number | null): string {
  return value === null || !Number.isFinite(value)
    ? '–'
    : `${formatNumber(value * 100, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`;
}

function sourceText(source: Source): string | undefined {
  if (!source) return undefined;
  return [source.concept, source.form, source.filed ? `filed ${source.filed}` : null].filter(Boolean).join(', ');
}

/** A company's income statement, balance sheet or cash flow statement: every period, newest first. */
export function StatementsPage({ data }: { data: StatementsData }) {
  const { body, slug, statement, period } = data;
  const name = body?.company.comp_name ?? nameFromSlug(slug);
  const title = STATEMENTS[statement].title;
  // Newest first, as statements are read.
  const order = body ? body.columns.map((_, i) => i).reverse() : [];
  const currency = body?.currency ?? 'USD';
  return (
    <PageContainer>
      <PageHeader
        title={body ? `${name} (${body.company.ticker}) financial statements` : 'Financial statements'}
        intro="Income statement, balance sheet and cash flow from SEC filings: every fiscal year, quarter or trailing twelve months, with the filing and period behind each figure."
      />
      <div className="flex flex-col gap-6">
        <nav aria-label="Statement" className="flex flex-wrap gap-2">
          {STATEMENT_KINDS.map((kind) => (
            <Link
              key={kind}
              to={statementPath(slug, kind, period)}
              aria-current={kind === statement ? 'page' : undefined}
              className={chipClass(kind === statement)}
            >
              {STATEMENTS[kind].title}
            </Link>
          ))}
        </nav>
        <nav aria-label="Periods" className="flex flex-wrap gap-2">
          {STATEMENT_PERIODS.map((p) => (
            <Link
              key={p}
              to={statementPath(slug, statement, p)}
              aria-current={p === period ? 'page' : undefined}
              className={chipClass(p === period)}
            >
              {STATEMENT_PERIOD_LABELS[p]}
            </Link>
          ))}
        </nav>
        {data.notFound ? (
          <p>No company matches "{nameFromSlug(slug)}".</p>
        ) : !body || body.columns.length === 0 ? (
          <p>No {title.toLowerCase()} figures are available for this company.</p>
        ) : (
          <>
            <p className="text-sm text-slate-700" data-testid="statement-summary">
              {summary(body)}
            </p>
            <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
              <span>
                Amounts in millions of {currency === 'USD' ? 'US dollars' : currency}; per-share values as filed; share
                counts in shares.
              </span>
              <a
                href={statementCsvPath(slug, statement, period)}
                download
                className="font-medium text-brand-700 underline hover:text-brand-600"
              >
                Download CSV
              </a>
              <Link
                to={`/companies/info/${encodeURIComponent(slug)}/stock-price`}
                className="font-medium text-brand-700 underline hover:text-brand-600"
              >
                Charts of {name}
              </Link>
            </p>
            <section
              aria-labelledby="statement-table-caption"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable by keyboard to scroll it
              tabIndex={0}
              className="overflow-x-auto rounded-xl border border-slate-200 bg-white focus:outline-2 focus:outline-brand-600"
              data-testid="statement-table"
            >
              <table className="min-w-full text-right text-sm">
                <caption
                  id="statement-table-caption"
                  className="px-4 py-3 text-left text-base font-semibold text-slate-900"
                >
                  {title}, {STATEMENT_PERIOD_LABELS[period].toLowerCase()}
                </caption>
                <thead className="border-b border-slate-200 text-slate-600">
                  <tr>
                    <th scope="col" className="sticky left-0 bg-white px-4 py-2 text-left font-medium">
                      Period
                    </th>
                    {order.map((i) => {
                      const c = body.columns[i] as StatementResponse['columns'][number];
                      return (
                        <th key={c.label} scope="col" className="px-3 py-2 align-bottom font-medium whitespace-nowrap">
                          <span className="block text-slate-900">{c.label}</span>
                          <span className="block text-xs font-normal">
                            {c.period_start ? `${c.period_start} – ` : 'to '}
                            {c.period_end}
                          </span>
                          <span className="block text-xs font-normal">
                            {c.form
                              ? `${c.form}${c.filed ? ` filed ${c.filed}` : ''}${c.derived ? ', Q4 = year − 3 quarters' : ''}`
                              : c.method === 'quarters'
                                ? 'Sum of 4 quarters'
                                : 'Year before + quarters since'}
                          </span>
                        </th>
                      );
                    })}
                  </tr>
                </thead>
                <tbody>
                  {body.lines.map((line) => (
                    <tr key={line.key} className="border-b border-slate-100">
                      <th
                        scope="row"
                        className="sticky left-0 bg-white px-4 py-2 text-left font-medium text-slate-900 whitespace-nowrap"
                      >
                        {line.label}
                      </th>
                      {order.map((i) => (
                        <td
                          key={i}
                          className="px-3 py-2 font-mono tabular-nums whitespace-nowrap"
                          title={sourceText(line.sources[i] ?? null)}
                        >
                          {formatFigure(line.unit, line.values[i] ?? null)}
                        </td>
                      ))}
                    </tr>
                  ))}
                  {body.ratios.map((ratio) => (
                    <tr key={ratio.key} className="border-b border-slate-100 text-slate-700">
                      <th
                        scope="row"
                        className="sticky left-0 bg-white px-4 py-2 text-left font-normal italic whitespace-nowrap"
                      >
                        {ratio.label}
                      </th>
                      {order.map((i) => (
                        <td key={i} className="px-3 py-2 font-mono tabular-nums whitespace-nowrap">
                          {formatRatio(ratio.values[i] ?? null)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
            <Sources body={body} />
          </>
        )}
      </div>
    </PageContainer>
  );
}

/** One sentence: what the table covers and how its headline line moved. */
export function summary(body: StatementResponse): string {
  const first = body.columns[0];
  const last = body.columns.at(-1);
  const line = body.lines[0] as Line;
  const from = line.values.findIndex((v) => v !== null);
  const to = line.values.length - 1 - [...line.values].reverse().findIndex((v) => v !== null);
  const span = `${body.columns.length} ${body.period === 'annual' ? 'fiscal years' : body.period === 'quarterly' ? 'quarters' : 'trailing twelve-month periods'} from ${first?.label} to ${last?.label}`;
  if (from < 0 || to <= from)
    return `${body.company.comp_name}'s ${STATEMENTS[body.statement].title.toLowerCase()} over ${span}.`;
  const a = line.values[from] as number;
  const b = line.values[to] as number;
  return `${body.company.comp_name}'s ${STATEMENTS[body.statement].title.toLowerCase()} over ${span}: ${line.label.toLowerCase()} went from ${formatFigure(line.unit, a)} in ${body.columns[from]?.label} to ${formatFigure(line.unit, b)} in ${body.columns[to]?.label}.`;
}

/** Where each figure of the newest period comes from (every cell names its own in its tooltip). */
function Sources({ body }: { body: StatementResponse }) {
  const i = body.columns.length - 1;
  const column = body.columns[i];
  if (!column || body.period === 'ttm') return null;
  return (
    <details className="max-w-3xl text-sm text-slate-700">
      <summary className="cursor-pointer font-medium text-slate-900">
        Where the {column.label} figures come from
      </summary>
      <table className="mt-2 w-full text-left">
        <caption className="sr-only">Filing behind each figure of {column.label}</caption>
        <thead>
          <tr>
            <th scope="col" className="py-1 pr-4 font-medium">
              Line
            </th>
            <th scope="col" className="py-1 pr-4 font-medium">
              XBRL concept or rule
            </th>
            <th scope="col" className="py-1 font-medium">
              Filing
            </th>
          </tr>
        </thead>
        <tbody>
          {body.lines.map((line) => {
            const s = line.sources[i];
            return (
              <tr key={line.key} className="border-t border-slate-100">
                <th scope="row" className="py-1 pr-4 font-normal">
                  {line.label}
                </th>
                <td className="py-1 pr-4 break-all">{s ? (s.concept ?? 'as filed') : '–'}</td>
                <td className="py-1">{s ? `${s.form}${s.filed ? `, ${s.filed}` : ''}` : '–'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </details>
  );
}

function chipClass(active: boolean): string {
  return `rounded-full border px-3 py-1.5 text-sm font-medium ${
    active
      ? 'border-brand-600 bg-brand-600 text-white'
      : 'border-slate-300 bg-white text-slate-700 hover:border-brand-600'
  }`;
}
