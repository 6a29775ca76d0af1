import { formatPrice } from '@app/shared/format';
import { PageContainer, PageHeader } from '../components/ui/page-header';
import { IntradayChart } from '../features/stock-charts/components/intraday-chart';
import { SAMPLE_QUOTES } from '../features/stock-charts/sample-quotes';
import { pageMeta, siteUrlFrom } from '../lib/meta';
import type { Route } from './+types/stocks';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Stock Charts',
    description: 'Sample intraday stock charts for Apple, Microsoft and Alphabet, with price and daily change.',
    path: '/stocks',
    siteUrl: siteUrlFrom(matches),
    // A demo page (SPEC §1): not linked from the menus and kept out of search results.
    noindex: true,
  });

export default function StocksPage() {
  return (
    <PageContainer>
      <PageHeader title="Stock Charts" intro="Sample data for illustration; these are not live quotes." />
      <ul className="grid gap-6 md:grid-cols-3">
        {SAMPLE_QUOTES.map((quote) => {
          const up = quote.change >= 0;
          const sign = quote.change > 0 ? '+' : '';
          return (
            <li key={quote.ticker} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <div className="flex items-baseline justify-between gap-2">
                <h2 className="text-xl font-bold">{quote.ticker}</h2>
                <span className="text-2xl font-semibold">{formatPrice(quote.price)}</span>
              </div>
              <p className="text-sm text-slate-600">{quote.name}</p>
              <p className={`mt-1 text-sm font-semibold ${up ? 'text-emerald-700' : 'text-red-700'}`}>
                {sign}
                {quote.change.toFixed(2)} ({sign}
                {quote.changePercent.toFixed(2)}%)
              </p>
              <IntradayChart values={quote.intraday} up={up} label={`${quote.ticker} intraday price chart`} />
            </li>
          );
        })}
      </ul>
    </PageContainer>
  );
}
