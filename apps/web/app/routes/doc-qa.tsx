import { PageContainer, PageHeader } from '../components/ui/page-header';
import { DocQaTool } from '../features/doc-qa/components/doc-qa-tool';
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
      <PageHeader
        title={'Document QA'}
        intro={
          'Choose a PDF such as an annual report and ask a question about it. The answer comes with the passage that supports it and its page number; when nothing in the document supports an answer, we say so instead of guessing.'
        }
      >
        <p className="mt-3 max-w-3xl rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
          <strong>Private by design:</strong> your document never leaves your browser. The text is read and searched on
          your device; nothing is uploaded to our servers.
        </p>
      </PageHeader>
      <DocQaTool />
    </PageContainer>
  );
}
