import { data, Link } from 'react-router';
import { PageContainer, PageHeader } from '../components/ui/page-header';
import { pageMeta, siteUrlFrom } from '../lib/meta';
import type { Route } from './+types/not-found';

export function loader() {
  // A real 404 status, so crawlers drop the URL; the page itself still renders.
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: 'Page not found',
    description: 'The page you asked for does not exist.',
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
    noindex: true,
  });

export default function NotFoundPage() {
  return (
    <PageContainer>
      <PageHeader title="Page not found" intro="The page you asked for does not exist or has moved." />
      <div className="flex flex-wrap gap-4">
        <Link to="/" className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          Go to the home page
        </Link>
        <Link
          to="/screener"
          className="rounded-md border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-800 hover:bg-slate-100"
        >
          Open the screener
        </Link>
      </div>
    </PageContainer>
  );
}
