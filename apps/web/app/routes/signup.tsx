import { ComingSoon, PageContainer, PageHeader } from '../components/ui/page-header';
import { pageMeta, siteUrlFrom } from '../lib/meta';
import type { Route } from './+types/signup';

const TITLE = 'Create account';
const DESCRIPTION =
  'Create a free account to practise trading with virtual points, see every ranking year and the full history of company metrics.';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: TITLE, description: DESCRIPTION, path: '/signup', siteUrl: siteUrlFrom(matches), noindex: true });

export default function SignupPage() {
  return (
    <PageContainer>
      <PageHeader title={'Create your account'} />
      <ComingSoon what={'Account creation with username, e-mail and password.'} />
    </PageContainer>
  );
}
