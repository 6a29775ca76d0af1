import { AUTH_MESSAGES } from '@app/shared/auth-messages';
import { Form, Link, useNavigate } from 'react-router';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Field } from '../../../components/ui/field';
import { PasswordField } from '../../../components/ui/password-field';
import { TEXT_LINK } from '../../../components/ui/text-link';
import { authStore, safeRedirect, useAuth } from '../../../lib/auth-state';
import { type FormResult, useFormValidation, useSubmitting } from '../../../lib/form';
import { accountsApi, messageOf } from '../accounts.api';
import { AuthCard } from './auth-card';
import { GoogleButton, OrDivider } from './google-button';

/** SPEC §2 Login: Google, e-mail, password with show/hide, Remember me, 'Signing in...'. */
export function LoginForm({
  googleClientId,
  redirectTo,
  result,
}: {
  googleClientId: string | null;
  redirectTo: string | null;
  result?: FormResult;
}) {
  const { errors, loadError, onSubmit, onChange } = useFormValidation(
    () => import('@app/shared/auth').then((m) => m.LoginFormSchema),
    result?.fieldErrors,
  );
  const submitting = useSubmitting();
  const auth = useAuth();
  const navigate = useNavigate();
  const busy = submitting || auth.loading;
  const formError = loadError ?? auth.error ?? (result?.formError && !submitting ? result.formError : null);

  const onGoogle = async (idToken: string) => {
    authStore.setLoading(true);
    authStore.clearError();
    try {
      const remember = (document.getElementById('remember') as HTMLInputElement | null)?.checked ?? false;
      authStore.signIn(await accountsApi.google(idToken, remember), remember);
      navigate(safeRedirect(redirectTo), { replace: true });
    } catch (err) {
      authStore.setError(messageOf(err, AUTH_MESSAGES.googleFailed));
    } finally {
      authStore.setLoading(false);
    }
  };

  return (
    <AuthCard title="Sign in" intro="Welcome back. Sign in to trade in the simulator and unlock every range and year.">
      {formError ? (
        <div className="mb-4">
          <Banner tone="error" onDismiss={auth.error ? () => authStore.clearError() : undefined}>
            {formError}
          </Banner>
        </div>
      ) : null}
      {googleClientId ? (
        <>
          <GoogleButton
            clientId={googleClientId}
            onCredential={onGoogle}
            onError={() => authStore.setError(AUTH_MESSAGES.googleFailed)}
          />
          <OrDivider />
        </>
      ) : null}
      <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="flex flex-col gap-4">
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <Field label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          error={errors.password}
        />
        <div className="flex items-center justify-between gap-4">
          <Checkbox id="remember" name="remember" label="Remember me" />
          <Link to="/forgot-password" className={`text-sm ${TEXT_LINK}`}>
            Forgot password?
          </Link>
        </div>
        <Button type="submit" fullWidth busy={busy} busyText="Signing in...">
          Sign in
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600">
        No account yet?{' '}
        <Link to="/signup" className={TEXT_LINK}>
          Sign up
        </Link>
      </p>
    </AuthCard>
  );
}
