import { AUTH_MESSAGES } from '@app/shared/auth-messages';
import { redirect } from 'react-router';
import { ApiClientError, accountsApi, messageOf } from '../features/accounts/accounts.api';
import { LoginForm } from '../features/accounts/components/login-form';
import { authStore, safeRedirect } from '../lib/auth-state';
import { type FormResult, parseForm } from '../lib/form';
import { pageMeta, siteUrlFrom } from '../lib/meta';
import type { Route } from './+types/login';

const TITLE = 'Sign in';
const DESCRIPTION =
  'Sign in to your account to trade in the market simulator, unlock every ranking year and the full history of company metrics.';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: TITLE, description: DESCRIPTION, path: '/login', siteUrl: siteUrlFrom(matches) });

export async function loader({ context, request }: Route.LoaderArgs) {
  const config = await accountsApi.config(context).catch(() => ({ googleClientId: null }));
  return { googleClientId: config.googleClientId, redirectTo: new URL(request.url).searchParams.get('redirectTo') };
}

/**
 * Without JavaScript the form still checks its fields here, but the session lives in browser
 * storage (SPEC §4), so signing in itself needs the browser side.
 */
export async function action({ request }: Route.ActionArgs): Promise<FormResult> {
  const schemas = await import('@app/shared/auth');
  const parsed = parseForm(schemas.LoginFormSchema, await request.formData());
  if (!parsed.ok) return { fieldErrors: parsed.fieldErrors };
  return { formError: 'Signing in needs JavaScript, which keeps your session in this browser. Please turn it on.' };
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  // A dynamic import: Zod stays out of the scripts the page loads first (see useFormValidation).
  const schemas = await import('@app/shared/auth');
  const parsed = parseForm(schemas.LoginFormSchema, await request.formData());
  if (!parsed.ok) return { fieldErrors: parsed.fieldErrors } satisfies FormResult;
  const { email, password, remember, redirectTo } = parsed.value;
  authStore.setLoading(true);
  authStore.clearError();
  try {
    authStore.signIn(await accountsApi.login({ email, password, remember: remember === 'on' }), remember === 'on');
  } catch (err) {
    // SPEC §8: a refused sign-in reads the same whatever was wrong; limits and outages say what they are.
    const message =
      err instanceof ApiClientError && err.status === 401
        ? AUTH_MESSAGES.invalidCredentials
        : messageOf(err, 'Login failed');
    authStore.setError(message);
    return {} satisfies FormResult;
  } finally {
    authStore.setLoading(false);
  }
  return redirect(safeRedirect(redirectTo));
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <LoginForm googleClientId={loaderData.googleClientId} redirectTo={loaderData.redirectTo} result={actionData} />
  );
}
