import { ComingSoon, PageContainer, PageHeader } from '../components/ui/page-header';
import { pageMeta, siteUrlFrom } from '../lib/meta';
import type { Route } from './+types/doc-qa';

const TITLE = 'Document QA';
const DESCRIPTION =
  'Ask questions about a PDF such as an annual report and get answers with the passage and page that support them. Your document never leaves your browser.';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: TITLE, description: DESCRIPTION, path: '/doc-qa', siteUrl: siteUrlFrom(matches) });

export default function DocQaPage() {
  return (
    <PageContainer>
      <PageHeader title={'Document QA'} />
      <ComingSoon what={'Question answering over a PDF you choose, entirely in your browser.'} />
    </PageContainer>
  );
}
