import { Form, Link } from 'react-router';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { TEXT_LINK } from '../../../components/ui/text-link';
import { type FormResult, useFormValidation, useSubmitting } from '../../../lib/form';
import { AuthCard } from './auth-card';

/** SPEC §2/§4 Forgot password: the form, then 'Check your email' with try-again and back to sign in. */
export function ForgotPasswordForm({ result }: { result?: FormResult }) {
  const { errors, loadError, onSubmit, onChange } = useFormValidation(
    () => import('@app/shared/auth').then((m) => m.ForgotPasswordRequestSchema),
    result?.fieldErrors,
  );
  const submitting = useSubmitting();
  const formError = loadError ?? (result?.formError && !submitting ? result.formError : null);

  if (result?.ok) {
    return (
      <AuthCard title="Check your email">
        <p className="text-sm text-slate-700">{result.message}</p>
        <p className="mt-2 text-sm text-slate-600">The link works once, for one hour.</p>
        <div className="mt-6 flex flex-col gap-3 text-sm">
          <p className="text-slate-600">
            Didn&apos;t get it?{' '}
            <Link to="/forgot-password" className={TEXT_LINK}>
              Try again
            </Link>
          </p>
          <Link to="/login" className={TEXT_LINK}>
            Back to sign in
          </Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Forgot your password?"
      intro="Enter your email address and we will send you a link to choose a new one."
    >
      {formError ? (
        <div className="mb-4">
          <Banner tone="error">{formError}</Banner>
        </div>
      ) : null}
      <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="flex flex-col gap-4">
        <Field label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
        <Button type="submit" fullWidth busy={submitting} busyText="Sending...">
          Send reset link
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className={TEXT_LINK}>
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
