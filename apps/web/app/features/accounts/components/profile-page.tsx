import { COUNTRY_NAMES } from '@app/shared/countries';
import type { Privacy, Profile, ProfileUpdate } from '@app/shared/users';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog } from '../../../components/ui/dialog';
import { Field, TextAreaField } from '../../../components/ui/field';
import { PasswordField } from '../../../components/ui/password-field';
import { authStore } from '../../../lib/auth-state';
import { parseForm } from '../../../lib/form';
import { type FormStatus, useFormState } from '../../../lib/form-state';
import { ApiClientError, accountsApi } from '../accounts.api';

const FIELDS = ['username', 'email', 'website', 'summary', 'country'] as const;
const SECTION = 'rounded-xl border border-slate-200 bg-white p-6 shadow-sm';
/** The server's words for a missing password on an e-mail change (PROFILE_MESSAGES, without Zod). */
const PASSWORD_FOR_EMAIL = 'Enter your current password to change your email';

/** SPEC §8: the server's text, else the page's message with the status. */
function failure(err: unknown, what: string): string {
  if (err instanceof ApiClientError && err.status !== 0 && !err.message.startsWith('HTTP error!')) return err.message;
  if (err instanceof ApiClientError) return err.status === 0 ? err.message : `${what} (${err.status})`;
  return what;
}

/** SPEC §2 Profile. */
export function ProfilePage({ profile, privacy }: { profile: Profile; privacy: Privacy | null }) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Your profile</h1>
      <div className="mt-8 flex flex-col gap-8">
        <ProfileDetails initial={profile} />
        {privacy ? <LeaderboardSettings initial={privacy} /> : null}
        <ChangePassword />
        <Sessions />
        <YourData />
      </div>
    </div>
  );
}

function StatusBanner({ status, onDismiss }: { status: FormStatus | null; onDismiss: () => void }) {
  return status ? (
    <Banner tone={status.tone} onDismiss={onDismiss}>
      {status.text}
    </Banner>
  ) : null;
}

function ProfileDetails({ initial }: { initial: Profile }) {
  const [baseline, setBaseline] = useState(initial);
  const form = useFormState({ ...initial, currentPassword: '' });
  const { values } = form;
  const listId = useId();
  const changed: ProfileUpdate = Object.fromEntries(
    FIELDS.filter((f) => values[f] !== baseline[f]).map((f) => [f, values[f]]),
  );
  const dirty = Object.keys(changed).length > 0;
  const emailChanged = changed.email !== undefined;

  const onSubmit = form.submit(async () => {
    // The schemas bring Zod, loaded when first needed rather than with the page.
    const { ProfileFormSchema } = await import('@app/shared/users');
    const parsed = parseForm(ProfileFormSchema, values);
    if (!parsed.ok) return form.setErrors(parsed.fieldErrors);
    if (emailChanged && values.currentPassword === '') return form.setErrors({ currentPassword: PASSWORD_FOR_EMAIL });
    form.setErrors({});
    try {
      // SPEC §5: only the changed fields go out; the password only with a new e-mail address.
      const saved = await accountsApi.updateProfile(
        emailChanged ? { ...changed, currentPassword: values.currentPassword } : changed,
      );
      setBaseline(saved);
      form.setValues({ ...saved, currentPassword: '' });
      if (emailChanged) authStore.setEmail(saved.email);
      form.setStatus({
        tone: 'success',
        text: emailChanged ? 'Profile updated. We told your old email address about the change.' : 'Profile updated',
      });
    } catch (err) {
      const code = err instanceof ApiClientError ? err.code : undefined;
      const message = err instanceof Error ? err.message : '';
      if (code === 'USERNAME_TAKEN') form.setErrors({ username: message });
      else if (code === 'EMAIL_TAKEN') form.setErrors({ email: message });
      else if (code === 'WRONG_PASSWORD') form.setErrors({ currentPassword: message });
      else form.setStatus({ tone: 'error', text: failure(err, 'Failed to update profile') });
    }
  });

  return (
    <section aria-labelledby="details-heading" className={SECTION}>
      <h2 id="details-heading" className="text-lg font-semibold text-slate-900">
        Profile Details
      </h2>
      <form noValidate onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-2">
        <Field label="Username" {...form.field('username')} />
        <Field label="Email" type="email" {...form.field('email')} />
        {emailChanged ? (
          <div className="sm:col-span-2 sm:max-w-md">
            <PasswordField
              label="Current password"
              autoComplete="current-password"
              hint="Needed to change your email. We send your old address a link that undoes the change."
              {...form.field('currentPassword')}
            />
          </div>
        ) : null}
        <Field label="Website" type="url" placeholder="https://" {...form.field('website')} />
        <div>
          <Field
            label="Country/Region"
            list={listId}
            autoComplete="off"
            placeholder="Type to search"
            {...form.field('country')}
          />
          <datalist id={listId}>
            {COUNTRY_NAMES.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </div>
        <div className="sm:col-span-2">
          <TextAreaField label="Summary" {...form.field('summary')} />
        </div>
        <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
          <Button type="submit" disabled={!dirty} busy={form.busy} busyText="Updating...">
            Update
          </Button>
          <div className="flex-1">
            <StatusBanner status={form.status} onDismiss={() => form.setStatus(null)} />
          </div>
        </div>
      </form>
    </section>
  );
}

/** Whether the public members' leaderboard lists this member (off until they opt in), and as whom. */
function LeaderboardSettings({ initial }: { initial: Privacy }) {
  const [show, setShow] = useState(initial.showOnLeaderboard);
  const form = useFormState({ displayName: initial.displayName });
  const onSubmit = form.submit(async () => {
    const { PrivacyUpdateSchema } = await import('@app/shared/users');
    const parsed = parseForm(PrivacyUpdateSchema, { showOnLeaderboard: show, displayName: form.values.displayName });
    if (!parsed.ok) return form.setErrors(parsed.fieldErrors);
    form.setErrors({});
    try {
      const saved = await accountsApi.updatePrivacy(parsed.value);
      setShow(saved.showOnLeaderboard);
      form.setValues({ displayName: saved.displayName });
      form.setStatus({
        tone: 'success',
        text: saved.showOnLeaderboard ? 'You are on the leaderboard' : 'You are not on the leaderboard',
      });
    } catch (err) {
      form.setStatus({ tone: 'error', text: failure(err, 'Failed to save the leaderboard setting') });
    }
  });
  return (
    <section aria-labelledby="leaderboard-heading" className={SECTION}>
      <h2 id="leaderboard-heading" className="text-lg font-semibold text-slate-900">
        Leaderboard
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        The simulator's public leaderboard lists the members who choose to be on it, with their portfolio's returns.
      </p>
      <form noValidate onSubmit={onSubmit} className="mt-4 flex max-w-md flex-col gap-4">
        <Checkbox
          name="showOnLeaderboard"
          label="Show me on the members' leaderboard"
          checked={show}
          onChange={(e) => {
            setShow(e.target.checked);
            form.setStatus(null);
          }}
        />
        <Field
          label="Display name"
          autoComplete="nickname"
          hint="Shown on the leaderboard instead of your username (optional)."
          {...form.field('displayName')}
        />
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" busy={form.busy} busyText="Saving...">
            Save leaderboard setting
          </Button>
          <StatusBanner status={form.status} onDismiss={() => form.setStatus(null)} />
        </div>
      </form>
    </section>
  );
}

function ChangePassword() {
  const empty = { oldPwd: '', newPwd: '', confirmPwd: '' };
  const form = useFormState(empty);
  const onSubmit = form.submit(async () => {
    const { UpdatePasswordFormSchema } = await import('@app/shared/auth');
    const parsed = parseForm(UpdatePasswordFormSchema, form.values);
    if (!parsed.ok) return form.setErrors(parsed.fieldErrors);
    form.setErrors({});
    try {
      // The server ends every other session and hands this one a new token.
      authStore.renew(await accountsApi.updatePassword(form.values.oldPwd, form.values.newPwd));
      form.setValues(empty);
      form.setStatus({ tone: 'success', text: 'Password updated' });
    } catch (err) {
      if (err instanceof ApiClientError && err.code === 'WRONG_PASSWORD') form.setErrors({ oldPwd: err.message });
      else form.setStatus({ tone: 'error', text: failure(err, 'Failed to update password') });
    }
  });
  return (
    <section aria-labelledby="password-heading" className={SECTION}>
      <h2 id="password-heading" className="text-lg font-semibold text-slate-900">
        Change Password
      </h2>
      <form noValidate onSubmit={onSubmit} className="mt-4 flex max-w-md flex-col gap-4">
        <PasswordField label="Current password" autoComplete="current-password" {...form.field('oldPwd')} />
        <PasswordField label="New password" autoComplete="new-password" {...form.field('newPwd')} />
        <PasswordField label="Confirm new password" autoComplete="new-password" {...form.field('confirmPwd')} />
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" busy={form.busy} busyText="Updating...">
            Update password
          </Button>
          <StatusBanner status={form.status} onDismiss={() => form.setStatus(null)} />
        </div>
      </form>
    </section>
  );
}

function Sessions() {
  const navigate = useNavigate();
  const form = useFormState({});
  const onSubmit = form.submit(async () => {
    try {
      await accountsApi.signOutEverywhere();
      authStore.signOut();
      navigate('/login', { replace: true });
    } catch (err) {
      form.setStatus({ tone: 'error', text: failure(err, 'Failed to sign out everywhere') });
    }
  });
  return (
    <section aria-labelledby="sessions-heading" className={SECTION}>
      <h2 id="sessions-heading" className="text-lg font-semibold text-slate-900">
        Sessions
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        Signed in on a computer you no longer use? Sign out everywhere ends every session of your account, this one too.
      </p>
      <form onSubmit={onSubmit} className="mt-4 flex flex-wrap items-center gap-4">
        <Button type="submit" variant="secondary" busy={form.busy} busyText="Signing out...">
          Sign out everywhere
        </Button>
        <StatusBanner status={form.status} onDismiss={() => form.setStatus(null)} />
      </form>
    </section>
  );
}

function YourData() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const remove = useFormState({ password: '' });
  const download = useFormState({});

  const onDownload = download.submit(async () => {
    download.setStatus(null);
    try {
      const data = await accountsApi.exportAccount();
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = 'stockgurus-account.json';
      a.click();
      URL.revokeObjectURL(url);
    } catch (err) {
      download.setStatus({ tone: 'error', text: failure(err, 'Failed to download your data') });
    }
  });
  const onDelete = remove.submit(async () => {
    if (!remove.values.password) return remove.setErrors({ password: 'Enter your password to confirm' });
    try {
      await accountsApi.deleteAccount(remove.values.password);
      authStore.signOut();
      navigate('/', { replace: true });
    } catch (err) {
      remove.setErrors({ password: failure(err, 'Failed to delete the account') });
    }
  });
  const password = remove.field('password');
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
        <Button variant="secondary" onClick={() => onDownload()} busy={download.busy} busyText="Preparing...">
          Download my data
        </Button>
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete account
        </Button>
      </div>
      {download.status ? (
        <div className="mt-4">
          <StatusBanner status={download.status} onDismiss={() => download.setStatus(null)} />
        </div>
      ) : null}
      <Dialog
        open={open}
        onClose={() => {
          setOpen(false);
          remove.setValues({ password: '' });
          remove.setErrors({});
        }}
        title="Delete your account?"
        description="This removes your profile, picks and history at once. It cannot be undone."
      >
        <form noValidate onSubmit={onDelete} className="flex flex-col gap-4">
          <PasswordField
            label="Password"
            autoComplete="current-password"
            {...password}
            onChange={(e) => {
              password.onChange(e);
              remove.setErrors({});
            }}
          />
          <Button type="submit" variant="danger" busy={remove.busy} busyText="Deleting...">
            Delete my account
          </Button>
        </form>
      </Dialog>
    </section>
  );
}
