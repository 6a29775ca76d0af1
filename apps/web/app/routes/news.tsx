import { isRouteErrorResponse } from 'react-router';
import { PageContainer, PageHeader } from '../components/ui/page-header';
import { NewsPage } from '../features/news/components/news-page';
import { loadNews } from '../features/news/news.api';
import { pageMeta, siteUrlFrom } from '../lib/meta';
import type { Route } from './+types/news';

const TITLE = 'Market News';
const DESCRIPTION =
  'Market news in one place: earnings, policy, industry, markets, crypto and energy stories with their impact, searchable by keyword and category.';

export function loader({ request, context }: Route.LoaderArgs) {
  return loadNews(request.url, context);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  // Filtered views share the canonical URL: one page for search engines.
  pageMeta({ title: TITLE, description: DESCRIPTION, path: '/news', siteUrl: siteUrlFrom(matches) });

export default function NewsRoute({ loaderData }: Route.ComponentProps) {
  return (
    <PageContainer>
      <PageHeader title={TITLE} />
      <NewsPage data={loaderData} />
    </PageContainer>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const detail = isRouteErrorResponse(error) ? `(${error.status})` : '';
  return (
    <PageContainer>
      <PageHeader title={TITLE} />
      <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-6 text-red-800">
        <p className="font-semibold">The news could not be loaded {detail}.</p>
        <p className="mt-2">
          Please try again in a moment.{' '}
          <a href="/news" className="font-medium underline">
            Reload the news
          </a>
        </p>
      </div>
    </PageContainer>
  );
}
