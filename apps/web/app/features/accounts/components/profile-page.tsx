import { COUNTRY_NAMES } from '@app/shared/countries';
import type { Profile, ProfileUpdate } from '@app/shared/users';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, TextAreaField } from '../../../components/ui/field';
import { PasswordField } from '../../../components/ui/password-field';
import { authStore } from '../../../lib/auth-state';
import { type FieldErrors, parseForm } from '../../../lib/form';
import { ApiClientError, accountsApi } from '../accounts.api';

const FIELDS = ['username', 'email', 'website', 'summary', 'country'] as const;
const SECTION = 'rounded-xl border border-slate-200 bg-white p-6 shadow-sm';

/** SPEC §8: the server's text, else the page's message with the status. */
function failure(err: unknown, what: string): string {
  if (err instanceof ApiClientError && err.status !== 0 && !err.message.startsWith('HTTP error!')) return err.message;
  if (err instanceof ApiClientError) return err.status === 0 ? err.message : `${what} (${err.status})`;
  return what;
}

/** SPEC §2 Profile: details (Update only when changed), password change, and the member's data. */
export function ProfilePage({ profile }: { profile: Profile }) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Your profile</h1>
      <div className="mt-8 flex flex-col gap-8">
        <ProfileDetails initial={profile} />
        <ChangePassword />
        <YourData />
      </div>
    </div>
  );
}

function ProfileDetails({ initial }: { initial: Profile }) {
  const [baseline, setBaseline] = useState(initial);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const listId = useId();
  const changed: ProfileUpdate = Object.fromEntries(
    FIELDS.filter((f) => values[f] !== baseline[f]).map((f) => [f, values[f]]),
  );
  const dirty = Object.keys(changed).length > 0;

  const set = (field: (typeof FIELDS)[number]) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setStatus(null);
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // The schemas bring Zod, loaded when first needed rather than with the page.
    const { ProfileFormSchema } = await import('@app/shared/users');
    const parsed = parseForm(ProfileFormSchema, values);
    if (!parsed.ok) return setErrors(parsed.fieldErrors);
    setErrors({});
    setSaving(true);
    try {
      // SPEC §5: only the changed fields go out.
      const saved = await accountsApi.updateProfile(changed);
      setBaseline(saved);
      setValues(saved);
      setStatus({ tone: 'success', text: 'Profile updated' });
    } catch (err) {
      if (err instanceof ApiClientError && err.code === 'USERNAME_TAKEN') setErrors({ username: err.message });
      else if (err instanceof ApiClientError && err.code === 'EMAIL_TAKEN') setErrors({ email: err.message });
      else setStatus({ tone: 'error', text: failure(err, 'Failed to update profile') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="details-heading" className={SECTION}>
      <h2 id="details-heading" className="text-lg font-semibold text-slate-900">
        Profile Details
      </h2>
      <form noValidate onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-2">
        <Field
          label="Username"
          name="username"
          value={values.username}
          onChange={set('username')}
          error={errors.username}
        />
        <Field
          label="Email"
          name="email"
          type="email"
          value={values.email}
          onChange={set('email')}
          error={errors.email}
        />
        <Field
          label="Website"
          name="website"
          type="url"
          placeholder="https://"
          value={values.website}
          onChange={set('website')}
          error={errors.website}
        />
        <div>
          <Field
            label="Country/Region"
            name="country"
            list={listId}
            autoComplete="off"
            placeholder="Type to search"
            value={values.country}
            onChange={set('country')}
            error={errors.country}
          />
          <datalist id={listId}>
            {COUNTRY_NAMES.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </div>
        <div className="sm:col-span-2">
          <TextAreaField
            label="Summary"
            name="summary"
            value={values.summary}
            onChange={set('summary')}
            error={errors.summary}
          />
        </div>
        <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
          <Button type="submit" disabled={!dirty} busy={saving} busyText="Updating...">
            Update
          </Button>
          {status ? (
            <div className="flex-1">
              <Banner tone={status.tone} onDismiss={() => setStatus(null)}>
                {status.text}
              </Banner>
            </div>
          ) : null}
        </div>
      </form>
    </section>
  );
}

function ChangePassword() {
  const empty = { oldPwd: '', newPwd: '', confirmPwd: '' };
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const set = (field: keyof typeof empty) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setStatus(null);
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const { UpdatePasswordFormSchema } = await import('@app/shared/auth');
    const parsed = parseForm(UpdatePasswordFormSchema, values);
    if (!parsed.ok) return setErrors(parsed.fieldErrors);
    setErrors({});
    setSaving(true);
    try {
      // The server ends every other session and hands this one a new token.
      authStore.renew(await accountsApi.updatePassword(values.oldPwd, values.newPwd));
      setValues(empty);
      setStatus({ tone: 'success', text: 'Password updated' });
    } catch (err) {
      if (err instanceof ApiClientError && err.code === 'WRONG_PASSWORD') setErrors({ oldPwd: err.message });
      else setStatus({ tone: 'error', text: failure(err, 'Failed to update password') });
    } finally {
      setSaving(false);
    }
  };
  return (
    <section aria-labelledby="password-heading" className={SECTION}>
      <h2 id="password-heading" className="text-lg font-semibold text-slate-900">
        Change Password
      </h2>
      <form noValidate onSubmit={onSubmit} className="mt-4 flex max-w-md flex-col gap-4">
        <PasswordField
          label="Current password"
          name="oldPwd"
          autoComplete="current-password"
          value={values.oldPwd}
          onChange={set('oldPwd')}
          error={errors.oldPwd}
        />
        <PasswordField
          label="New password"
          name="newPwd"
          autoComplete="new-password"
          value={values.newPwd}
          onChange={set('newPwd')}
          error={errors.newPwd}
        />
        <PasswordField
          label="Confirm new password"
          name="confirmPwd"
          autoComplete="new-password"
          value={values.confirmPwd}
          onChange={set('confirmPwd')}
          error={errors.confirmPwd}
        />
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" busy={saving} busyText="Updating...">
            Update password
          </Button>
          {status ? (
            <Banner tone={status.tone} onDismiss={() => setStatus(null)}>
              {status.text}
            </Banner>
          ) : null}
        </div>
      </form>
    </section>
  );
}

function YourData() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState<'export' | 'delete' | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);

  const download = async () => {
    setBusy('export');
    setExportError(null);
    try {
      const data = await accountsApi.exportAccount();
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = 'stockgurus-account.json';
      a.click();
      URL.revokeObjectURL(url);
    } catch (err) {
      setExportError(failure(err, 'Failed to download your data'));
    } finally {
      setBusy(null);
    }
  };
  const remove = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError('Enter your password to confirm');
    setBusy('delete');
    try {
      await accountsApi.deleteAccount(password);
      authStore.signOut();
      navigate('/', { replace: true });
    } catch (err) {
      setError(failure(err, 'Failed to delete the account'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <section aria-labelledby="data-heading" className={SECTION}>
      <h2 id="data-heading" className="text-lg font-semibold text-slate-900">
        Your data
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        Download everything we keep about you (profile, simulator picks and history) as JSON, or delete your account and
        all of it for good.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button variant="secondary" onClick={download} busy={busy === 'export'} busyText="Preparing...">
          Download my data
        </Button>
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete account
        </Button>
      </div>
      {exportError ? (
        <div className="mt-4">
          <Banner tone="error" onDismiss={() => setExportError(null)}>
            {exportError}
          </Banner>
        </div>
      ) : null}
      <Dialog
        open={open}
        onClose={() => {
          setOpen(false);
          setPassword('');
          setError(undefined);
        }}
        title="Delete your account?"
        description="This removes your profile, picks and history at once. It cannot be undone."
      >
        <form noValidate onSubmit={remove} className="flex flex-col gap-4">
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setError(undefined);
            }}
            error={error}
          />
          <Button type="submit" variant="danger" busy={busy === 'delete'} busyText="Deleting...">
            Delete my account
          </Button>
        </form>
      </Dialog>
    </section>
  );
}
