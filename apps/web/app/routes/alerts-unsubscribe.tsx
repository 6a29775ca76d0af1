import type { UnsubscribeResponse } from '@app/shared/alerts';
import { Link } from 'react-router';
import { Banner } from '../components/ui/banner';
import { PageContainer, PageHeader } from '../components/ui/page-header';
import { apiGet } from '../lib/api-client';
import { loaded } from '../lib/member-data';
import { pageMeta, siteUrlFrom } from '../lib/meta';
import type { Route } from './+types/alerts-unsubscribe';

/**
 * Where an alert e-mail's unsubscribe link lands: one click, no sign-in (the link is signed).
 * Rendered on the server, which calls the API in process; a second visit says it was done already.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return loaded(
    () =>
      apiGet<UnsubscribeResponse>(`/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`, {
        context,
        anonymous: true,
      }),
    'This unsubscribe link is not valid',
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Unsubscribe from alert e-mails',
    description: 'Stop the e-mails of a watchlist alert with one click, without signing in.',
    path: '/alerts/unsubscribe',
    siteUrl: siteUrlFrom(matches),
    noindex: true,
  });

export default function AlertsUnsubscribe({ loaderData }: Route.ComponentProps) {
  return (
    <PageContainer>
      <PageHeader title="Alert e-mails" />
      {loaderData.status === 'ready' ? (
        <Banner tone={loaderData.data.unsubscribed ? 'success' : 'info'}>{loaderData.data.message}</Banner>
      ) : (
        <Banner tone="error">{loaderData.error}</Banner>
      )}
      <p className="mt-6 text-slate-700">
        Your alerts and their notifications stay on your{' '}
        <Link className="font-semibold text-brand-700 underline" to="/watchlists">
          watchlists
        </Link>{' '}
        page, where you can also choose one e-mail per alert, a daily digest or none.
      </p>
    </PageContainer>
  );
}
