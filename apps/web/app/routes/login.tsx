import { ComingSoon, PageContainer, PageHeader } from '../components/ui/page-header';
import { pageMeta, siteUrlFrom } from '../lib/meta';
import type { Route } from './+types/login';

const TITLE = 'Sign in';
const DESCRIPTION =
  'Sign in to your account to trade in the market simulator, unlock every ranking year and the full history of company metrics.';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: TITLE, description: DESCRIPTION, path: '/login', siteUrl: siteUrlFrom(matches), noindex: true });

export default function LoginPage() {
  return (
    <PageContainer>
      <PageHeader title={'Sign in'} />
      <ComingSoon what={'Sign-in with e-mail and password or Google.'} />
    </PageContainer>
  );
}
