import { ComingSoon, PageContainer, PageHeader } from '../components/ui/page-header';
import { pageMeta, siteUrlFrom } from '../lib/meta';
import type { Route } from './+types/forgot-password';

const TITLE = 'Forgot password';
const DESCRIPTION =
  'Reset the password of your account: enter your e-mail address and we send you a link to choose a new one.';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: TITLE,
    description: DESCRIPTION,
    path: '/forgot-password',
    siteUrl: siteUrlFrom(matches),
    noindex: true,
  });

export default function ForgotPasswordPage() {
  return (
    <PageContainer>
      <PageHeader title={'Forgot your password?'} />
      <ComingSoon what={'Password reset by e-mail.'} />
    </PageContainer>
  );
}
