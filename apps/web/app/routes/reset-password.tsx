import { accountsApi, messageOf } from '../features/accounts/accounts.api';
import { ResetPasswordForm } from '../features/accounts/components/reset-password-form';
import { type FormResult, parseForm } from '../lib/form';
import { pageMeta, siteUrlFrom } from '../lib/meta';
import type { Route } from './+types/reset-password';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Choose a new password',
    description: 'Set a new password for your account with the link from your reset e-mail.',
    path: '/reset-password',
    siteUrl: siteUrlFrom(matches),
    noindex: true,
  });

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token') ?? '' };
}

/** Runs on the server, with or without JavaScript. */
export async function action({ request, context }: Route.ActionArgs): Promise<FormResult> {
  // The schemas come with Zod, which the page's own scripts leave out (see useFormValidation).
  const schemas = await import('@app/shared/auth');
  const parsed = parseForm(schemas.ResetPasswordFormSchema, await request.formData());
  if (!parsed.ok) return { fieldErrors: parsed.fieldErrors };
  try {
    await accountsApi.resetPassword(parsed.value.token, parsed.value.password, context);
    return { ok: true };
  } catch (err) {
    return { formError: messageOf(err, 'Failed to reset the password. Please try again.') };
  }
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ResetPasswordForm token={loaderData.token} result={actionData} />;
}
