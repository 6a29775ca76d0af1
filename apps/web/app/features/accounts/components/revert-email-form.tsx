import { useEffect } from 'react';
import { Form, Link } from 'react-router';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { TEXT_LINK } from '../../../components/ui/text-link';
import { authStore } from '../../../lib/auth-state';
import { type FormResult, useSubmitting } from '../../../lib/form';
import { AuthCard } from './auth-card';

/** The page the "your email address was changed" e-mail links to: one button puts it back. */
export function RevertEmailForm({ token, result }: { token: string; result?: FormResult }) {
  const submitting = useSubmitting();
  // The restore ended every session, this browser's included: forget its token too.
  const restored = result?.ok === true;
  useEffect(() => {
    if (restored) authStore.signOut();
  }, [restored]);
  if (result?.ok) {
    return (
      <AuthCard title="Email address restored">
        <p className="text-sm text-slate-700">{result.message}</p>
        <p className="mt-4 text-sm text-slate-700">
          If someone else changed it, choose a new password now: they may know the old one.
        </p>
        <Link to="/forgot-password" className={`mt-6 inline-block text-sm ${TEXT_LINK}`}>
          Choose a new password
        </Link>
      </AuthCard>
    );
  }
  if (!token) {
    return (
      <AuthCard title="Restore your email address">
        <Banner tone="error">This link is incomplete. Use the whole link from the e-mail.</Banner>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Restore your email address"
      intro="The email address of your account was changed. If you did not change it, put your old address back: every session of the account is signed out too."
    >
      {result?.formError && !submitting ? (
        <div className="mb-4">
          <Banner tone="error">{result.formError}</Banner>
        </div>
      ) : null}
      <Form method="post" className="flex flex-col gap-4">
        <input type="hidden" name="token" value={token} />
        <Button type="submit" fullWidth busy={submitting} busyText="Restoring...">
          Restore my email address
        </Button>
      </Form>
    </AuthCard>
  );
}
