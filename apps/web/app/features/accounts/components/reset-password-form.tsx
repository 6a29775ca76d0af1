import { Form, Link } from 'react-router';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { TEXT_LINK } from '../../../components/ui/text-link';
import { type FormResult, useFormValidation, useSubmitting } from '../../../lib/form';
import { AuthCard } from './auth-card';

/** The page a reset e-mail links to: a new password, twice. */
export function ResetPasswordForm({ token, result }: { token: string; result?: FormResult }) {
  const { errors, loadError, onSubmit, onChange } = useFormValidation(
    () => import('@app/shared/auth').then((m) => m.ResetPasswordFormSchema),
    result?.fieldErrors,
  );
  const submitting = useSubmitting();

  if (result?.ok) {
    return (
      <AuthCard title="Password updated">
        <p className="text-sm text-slate-700">Your new password is set, and every other session has been signed out.</p>
        <Link to="/login" className={`mt-6 inline-block text-sm ${TEXT_LINK}`}>
          Sign in with your new password
        </Link>
      </AuthCard>
    );
  }
  if (!token) {
    return (
      <AuthCard title="Reset your password">
        <Banner tone="error">This reset link is incomplete. Ask for a new one.</Banner>
        <Link to="/forgot-password" className={`mt-6 inline-block text-sm ${TEXT_LINK}`}>
          Ask for a new link
        </Link>
      </AuthCard>
    );
  }
  const formError = loadError ?? result?.formError ?? errors.token;
  return (
    <AuthCard title="Choose a new password">
      {formError && !submitting ? (
        <div className="mb-4">
          <Banner tone="error">
            {formError}{' '}
            <Link to="/forgot-password" className={TEXT_LINK}>
              Ask for a new link
            </Link>
          </Banner>
        </div>
      ) : null}
      <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="flex flex-col gap-4">
        <input type="hidden" name="token" value={token} />
        <PasswordField
          label="New password"
          name="password"
          autoComplete="new-password"
          hint="At least 6 characters"
          required
          error={errors.password}
        />
        <PasswordField
          label="Confirm new password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          error={errors.confirmPassword}
        />
        <Button type="submit" fullWidth busy={submitting} busyText="Saving...">
          Set new password
        </Button>
      </Form>
    </AuthCard>
  );
}
