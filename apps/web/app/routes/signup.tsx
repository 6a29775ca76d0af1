import { AUTH_MESSAGES } from '@app/shared/auth-messages';
import { redirect } from 'react-router';
import { ApiClientError, accountsApi, messageOf } from '../features/accounts/accounts.api';
import { SignupForm } from '../features/accounts/components/signup-form';
import { authStore } from '../lib/auth-state';
import { type FormResult, parseForm } from '../lib/form';
import { pageMeta, siteUrlFrom } from '../lib/meta';
import type { Route } from './+types/signup';

const TITLE = 'Create account';
const DESCRIPTION =
  'Create a free account to practise trading with virtual points, see every ranking year and the full history of company metrics.';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: TITLE, description: DESCRIPTION, path: '/signup', siteUrl: siteUrlFrom(matches) });

/** Without JavaScript: the same checks; the account itself is made from the browser (see /login). */
export async function action({ request }: Route.ActionArgs): Promise<FormResult> {
  const schemas = await import('@app/shared/auth');
  const parsed = parseForm(schemas.SignupFormSchema, await request.formData());
  if (!parsed.ok) return { fieldErrors: parsed.fieldErrors };
  return {
    formError: 'Creating an account needs JavaScript, which keeps your session in this browser. Please turn it on.',
  };
}

const TAKEN: Record<string, 'username' | 'email'> = { USERNAME_TAKEN: 'username', EMAIL_TAKEN: 'email' };

export async function clientAction({ request }: Route.ClientActionArgs) {
  // A dynamic import: Zod stays out of the scripts the page loads first (see useFormValidation).
  const schemas = await import('@app/shared/auth');
  const parsed = parseForm(schemas.SignupFormSchema, await request.formData());
  if (!parsed.ok) return { fieldErrors: parsed.fieldErrors } satisfies FormResult;
  const { username, email, password } = parsed.value;
  authStore.setLoading(true);
  authStore.clearError();
  try {
    await accountsApi.signup({ username, email, password });
    // SPEC §4/§7: sign-up signs in straight after, with the same e-mail and password.
    authStore.signIn(await accountsApi.login({ email, password, remember: false }), false);
  } catch (err) {
    const field = err instanceof ApiClientError && err.code ? TAKEN[err.code] : undefined;
    if (field) return { fieldErrors: { [field]: err instanceof Error ? err.message : '' } } satisfies FormResult;
    const message = messageOf(err, AUTH_MESSAGES.signupFailed);
    authStore.setError(message);
    return { formError: message } satisfies FormResult;
  } finally {
    authStore.setLoading(false);
  }
  return redirect('/');
}

export default function SignupPage({ actionData }: Route.ComponentProps) {
  return <SignupForm result={actionData} />;
}
