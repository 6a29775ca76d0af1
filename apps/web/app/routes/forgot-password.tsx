import { AUTH_MESSAGES } from '@app/shared/auth-messages';
import { accountsApi, messageOf } from '../features/accounts/accounts.api';
import { ForgotPasswordForm } from '../features/accounts/components/forgot-password-form';
import { type FormResult, parseForm } from '../lib/form';
import { pageMeta, siteUrlFrom } from '../lib/meta';
import type { Route } from './+types/forgot-password';

const TITLE = 'Forgot password';
const DESCRIPTION =
  'Reset the password of your account: enter your e-mail address and we send you a link to choose a new one.';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: TITLE,
    description: DESCRIPTION,
    path: '/forgot-password',
    siteUrl: siteUrlFrom(matches),
    noindex: true,
  });

/** Runs on the server, with or without JavaScript: no session is involved. */
export async function action({ request, context }: Route.ActionArgs): Promise<FormResult> {
  // The schemas come with Zod, which the page's own scripts leave out (see useFormValidation).
  const schemas = await import('@app/shared/auth');
  const parsed = parseForm(schemas.ForgotPasswordRequestSchema, await request.formData());
  if (!parsed.ok) return { fieldErrors: parsed.fieldErrors };
  try {
    const answer = await accountsApi.forgotPassword(parsed.value.email, context);
    return { ok: true, message: answer.message };
  } catch (err) {
    return { formError: messageOf(err, AUTH_MESSAGES.resetEmailFailed) };
  }
}

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  return <ForgotPasswordForm result={actionData} />;
}
