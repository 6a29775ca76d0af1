import { formatDay } from '@app/shared/format';
import type { NewsImpact, NewsItem } from '@app/shared/news';

// SPEC §2 News: high red, medium amber, low green; the word is on the badge, not only the colour.
const IMPACT_STYLE: Record<NewsImpact, string> = {
  high: 'border-red-200 bg-red-50 text-red-800',
  medium: 'border-amber-200 bg-amber-50 text-amber-900',
  low: 'border-green-200 bg-green-50 text-green-800',
};

const IMPACT_LABEL: Record<NewsImpact, string> = { high: 'High impact', medium: 'Medium impact', low: 'Low impact' };

/** "Nov 23, 2026": the same on the server and in the browser, whatever their time zones. */
export function formatNewsDate(date: string): string {
  return formatDay(date, 'medium');
}

export function NewsCard({ item }: { item: NewsItem }) {
  return (
    <article className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" data-testid="news-card">
      <div className="flex flex-wrap items-center gap-2 text-xs font-semibold">
        <span className="rounded-full bg-slate-100 px-2.5 py-1 text-slate-700">{item.category}</span>
        <span className={`rounded-full border px-2.5 py-1 ${IMPACT_STYLE[item.impact]}`} data-impact={item.impact}>
          {IMPACT_LABEL[item.impact]}
        </span>
      </div>
      <h2 className="mt-3 text-lg font-semibold leading-snug text-slate-900">{item.title}</h2>
      <p className="mt-2 text-sm leading-relaxed text-slate-700">{item.summary}</p>
      <p className="mt-3 flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600">
        <span>{item.author}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={item.date}>{formatNewsDate(item.date)}</time>
        <span aria-hidden="true">·</span>
        <span>{item.readTime} min read</span>
      </p>
    </article>
  );
}
