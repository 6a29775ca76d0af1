import { formatDay } from '@app/shared/format';
import { formatMeasure, MEASURES } from '@app/shared/screener-measures';
import type { CompanyMeasuresResponse } from '@app/shared/screener-screen';

const SHOWN = MEASURES.filter((m) => m.id !== 'price' && m.id !== 'volume');

/** The screener's measures of the company on the latest day, each named and explained as on the screen. */
export function KeyMeasures({ measures }: { measures: CompanyMeasuresResponse }) {
  const { company, as_of: day } = measures;
  return (
    <section aria-labelledby="key-measures-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="key-measures-heading" className="text-lg font-semibold text-slate-900">
        Key measures
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        At the close of {formatDay(day)}, from the filings filed by then.{' '}
        <a
          href={`/screener/advanced?q=${encodeURIComponent(company.ticker)}&columns=market_cap,pe,ps,pb,net_margin,change_1y`}
          className="font-medium text-brand-700 underline hover:text-brand-600"
        >
          See it in the advanced screen
        </a>
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3 lg:grid-cols-4">
        {SHOWN.map((m) => (
          <div key={m.id} title={m.formula}>
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{m.label}</dt>
            <dd className="font-semibold text-slate-900 tabular-nums">{formatMeasure(m.id, company.values[m.id])}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
