import { NEWS_CATEGORIES, NEWS_EMPTY_TEXT, NEWS_SEARCH_MAX_LENGTH } from '@app/shared/news-view';
import { Form, Link } from 'react-router';
import { ListView } from '../../../components/ui/list-view';
import { useListView } from '../../../lib/use-list-view';
import { type NewsPageData, newsHref } from '../news.api';
import { NewsCard } from './news-card';

/** Same pause as the company search (SPEC §9): a request per word, not per keystroke. */
const SEARCH_DEBOUNCE_MS = 300;

const CHIP =
  'inline-block rounded-full border px-3.5 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';
const CHIP_ON = 'border-brand-600 bg-brand-600 text-white';
const CHIP_OFF = 'border-slate-300 bg-white text-slate-700 hover:border-brand-500 hover:text-brand-700';

const DRAFT = ['q'] as const;

/** SPEC §2 News. Filters live in the URL, so they can be shared and work without JavaScript. */
export function NewsPage({ data }: { data: NewsPageData }) {
  // Typing replaces the history entry: Back leaves the page, not each word.
  const list = useListView({
    view: { q: data.q, category: data.category },
    href: newsHref,
    draftKeys: DRAFT,
    debounceMs: SEARCH_DEBOUNCE_MS,
    replace: true,
  });
  const draft = list.draft.q;
  const { items, source } = data.news;
  return (
    <div className="space-y-5">
      {source === 'sample' ? (
        <p
          className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700"
          data-testid="news-sample"
        >
          <strong className="font-semibold text-slate-900">Sample articles.</strong> These stories were written for this
          site to show how the news page works; the companies, people and figures in them are invented. They are not
          real news and not investment advice.
        </p>
      ) : null}
      <search aria-label="Search news">
        <Form method="get" action="/news" preventScrollReset className="flex flex-col gap-3">
          <label htmlFor="news-search" className="sr-only">
            Search news
          </label>
          <input
            id="news-search"
            name="q"
            type="search"
            value={draft}
            maxLength={NEWS_SEARCH_MAX_LENGTH}
            placeholder="Search news..."
            autoComplete="off"
            onChange={(event) => list.edit({ q: event.target.value })}
            className="w-full rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500 sm:max-w-md"
          />
          {data.category ? <input type="hidden" name="category" value={data.category} /> : null}
        </Form>
      </search>
      <nav aria-label="News categories">
        <ul className="flex flex-wrap gap-2">
          {[null, ...NEWS_CATEGORIES].map((category) => {
            const on = category === data.category;
            return (
              <li key={category ?? 'All'}>
                <Link
                  to={newsHref({ q: draft, category })}
                  preventScrollReset
                  aria-current={on ? 'true' : undefined}
                  className={`${CHIP} ${on ? CHIP_ON : CHIP_OFF}`}
                >
                  {category ?? 'All'}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {/* SPEC §2: the list scrolls within 24rem. */}
      <ListView
        label="News articles"
        noun={{ one: 'article', many: 'articles' }}
        rows={items}
        rowKey={(item) => item.id}
        renderItem={(item) => <NewsCard item={item} />}
        itemsClassName="max-h-96 overflow-y-auto"
        loading={list.busy}
        loadingText="Loading news…"
        empty={NEWS_EMPTY_TEXT}
      />
    </div>
  );
}
