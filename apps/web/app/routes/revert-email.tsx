import { accountsApi, messageOf } from '../features/accounts/accounts.api';
import { RevertEmailForm } from '../features/accounts/components/revert-email-form';
import { type FormResult, parseForm } from '../lib/form';
import { pageMeta, siteUrlFrom } from '../lib/meta';
import type { Route } from './+types/revert-email';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Restore your email address',
    description: 'Undo a change of the email address of your account with the link sent to your old address.',
    path: '/revert-email',
    siteUrl: siteUrlFrom(matches),
    noindex: true,
  });

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token') ?? '' };
}

/**
 * Runs on the server, with or without JavaScript. Opening the link changes nothing: a mail
 * scanner following it must not use up the one-time token, so the owner presses the button.
 */
export async function action({ request, context }: Route.ActionArgs): Promise<FormResult> {
  const { RevertEmailRequestSchema } = await import('@app/shared/users');
  const parsed = parseForm(RevertEmailRequestSchema, await request.formData());
  if (!parsed.ok) return { formError: parsed.fieldErrors.token ?? 'This link is incomplete.' };
  try {
    const answer = await accountsApi.revertEmail(parsed.value.token, context);
    return { ok: true, message: answer.message };
  } catch (err) {
    return { formError: messageOf(err, 'Failed to restore your email address. Please try again.') };
  }
}

export default function RevertEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  return <RevertEmailForm token={loaderData.token} result={actionData} />;
}
