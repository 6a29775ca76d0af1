import { useState } from 'react';
import { Form, Link } from 'react-router';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Field } from '../../../components/ui/field';
import { PasswordField } from '../../../components/ui/password-field';
import { TEXT_LINK } from '../../../components/ui/text-link';
import { type FormResult, useFormValidation, useSubmitting } from '../../../lib/form';
import { AuthCard } from './auth-card';

/** SPEC §2 Signup: username, e-mail, password, live confirmation, terms, 'Create account'. */
export function SignupForm({ result }: { result?: FormResult }) {
  const { errors, loadError, onSubmit, onChange } = useFormValidation(
    () => import('@app/shared/auth').then((m) => m.SignupFormSchema),
    result?.fieldErrors,
  );
  const submitting = useSubmitting();
  const formError = loadError ?? (result?.formError && !submitting ? result.formError : null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const match = confirm === '' ? null : confirm === password;

  return (
    <AuthCard title="Create your account" intro="Free: practise trading with virtual points and see the full history.">
      {formError ? (
        <div className="mb-4">
          <Banner tone="error">{formError}</Banner>
        </div>
      ) : null}
      <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="flex flex-col gap-4">
        <Field
          label="Username"
          name="username"
          autoComplete="username"
          hint="2-20 letters, numbers or underscores"
          required
          error={errors.username}
        />
        <Field label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          hint="At least 6 characters"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
        />
        <div>
          <PasswordField
            label="Confirm password"
            name="confirmPassword"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            error={errors.confirmPassword}
          />
          {match !== null && !errors.confirmPassword ? (
            <p aria-live="polite" className={`mt-1 text-sm ${match ? 'text-green-700' : 'text-red-700'}`}>
              {match ? 'Passwords match' : 'Passwords do not match'}
            </p>
          ) : null}
        </div>
        <Checkbox
          name="terms"
          error={errors.terms}
          label={
            <>
              I agree to the{' '}
              <Link to="/terms" className={TEXT_LINK}>
                Terms of Service
              </Link>{' '}
              and the{' '}
              <Link to="/privacy" className={TEXT_LINK}>
                Privacy Policy
              </Link>
            </>
          }
        />
        <Button type="submit" fullWidth busy={submitting} busyText="Creating account...">
          Create account
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Already have an account?{' '}
        <Link to="/login" className={TEXT_LINK}>
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
