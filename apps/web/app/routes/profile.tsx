import { redirect } from 'react-router';
import { PageContainer, PageHeader } from '../components/ui/page-header';
import { Spinner } from '../components/ui/spinner';
import { accountsApi, messageOf } from '../features/accounts/accounts.api';
import { ProfilePage } from '../features/accounts/components/profile-page';
import { authStore, startAuth } from '../lib/auth-state';
import { pageMeta, siteUrlFrom } from '../lib/meta';
import type { Route } from './+types/profile';

const TITLE = 'Profile';
const DESCRIPTION = 'Manage your profile details, your place on the leaderboard, your password and your sessions.';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: TITLE, description: DESCRIPTION, path: '/profile', siteUrl: siteUrlFrom(matches), noindex: true });

/** Signed in only: the token is in this browser, so the profile loads from here. */
export async function clientLoader() {
  startAuth();
  if (!authStore.getState().token) throw redirect('/login?redirectTo=%2Fprofile');
  try {
    const [profile, privacy] = await Promise.all([accountsApi.profile(), accountsApi.privacy()]);
    return { profile, privacy, error: null };
  } catch (err) {
    return { profile: null, privacy: null, error: messageOf(err, 'Failed to load profile') };
  }
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <PageContainer>
      <PageHeader title="Your profile" />
      <p className="flex items-center gap-2 text-slate-600">
        <Spinner /> Loading your profile...
      </p>
    </PageContainer>
  );
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  if (!loaderData.profile) {
    return (
      <PageContainer>
        <PageHeader title="Your profile" />
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-red-800">
          {loaderData.error}
        </p>
      </PageContainer>
    );
  }
  return <ProfilePage profile={loaderData.profile} privacy={loaderData.privacy} />;
}
