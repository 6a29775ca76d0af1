import { ComingSoon, PageContainer, PageHeader } from '../components/ui/page-header';
import { pageMeta, siteUrlFrom } from '../lib/meta';
import type { Route } from './+types/profile';

const TITLE = 'Profile';
const DESCRIPTION = 'Manage your profile details and change your password.';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: TITLE, description: DESCRIPTION, path: '/profile', siteUrl: siteUrlFrom(matches), noindex: true });

export default function ProfilePage() {
  return (
    <PageContainer>
      <PageHeader title={'Your profile'} />
      <ComingSoon what={'Profile details and password change.'} />
    </PageContainer>
  );
}
