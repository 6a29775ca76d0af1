import type { UnsubscribeResponse } from '@app/shared/alerts';
import { Form, Link } from 'react-router';
import { Banner } from '../components/ui/banner';
import { Button } from '../components/ui/button';
import { PageContainer, PageHeader } from '../components/ui/page-header';
import { TEXT_LINK } from '../components/ui/text-link';
import { apiPost } from '../lib/api-client';
import { useSubmitting } from '../lib/form';
import { loaded } from '../lib/member-data';
import { pageMeta, siteUrlFrom } from '../lib/meta';
import type { Route } from './+types/alerts-unsubscribe';

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token') ?? '' };
}

/**
 * Where an alert e-mail's unsubscribe link lands, signed out (the link is signed). Opening it changes
 * nothing: mail scanners follow links, so the button does it, with or without JavaScript. Mail
 * clients' one-click (RFC 8058) posts to the API from the `List-Unsubscribe` header instead.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const token = String((await request.formData()).get('token') ?? '');
  return loaded(
    () =>
      apiPost<UnsubscribeResponse>(
        `/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`,
        {},
        {
          context,
          anonymous: true,
        },
      ),
    'This unsubscribe link is not valid',
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Unsubscribe from alert e-mails',
    description: 'Stop the e-mails of a watchlist alert without signing in.',
    path: '/alerts/unsubscribe',
    siteUrl: siteUrlFrom(matches),
    noindex: true,
  });

export default function AlertsUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useSubmitting();
  return (
    <PageContainer>
      <PageHeader title="Alert e-mails" />
      {actionData?.status === 'ready' ? (
        <Banner tone={actionData.data.unsubscribed ? 'success' : 'info'}>{actionData.data.message}</Banner>
      ) : actionData?.status === 'failed' ? (
        <Banner tone="error">{actionData.error}</Banner>
      ) : loaderData.token ? (
        <Form method="post" className="flex flex-col items-start gap-3">
          <p className="text-slate-700">Stop the e-mails this link was sent with? Notifications stay on the site.</p>
          <input type="hidden" name="token" value={loaderData.token} />
          <Button type="submit" busy={submitting} busyText="Unsubscribing...">
            Stop these e-mails
          </Button>
        </Form>
      ) : (
        <Banner tone="error">This link is incomplete. Use the whole link from the e-mail.</Banner>
      )}
      <p className="mt-6 text-slate-700">
        Your alerts and their notifications stay on your{' '}
        <Link className={TEXT_LINK} to="/watchlists">
          watchlists
        </Link>{' '}
        page, where you can also choose one e-mail per alert, a daily digest or none.
      </p>
    </PageContainer>
  );
}
