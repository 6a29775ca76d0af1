import type { ReactNode } from 'react';
import { PageContainer, PageHeader } from './ui/page-header';

/** Shared frame of the legal pages: a readable column with dated sections. */
export function LegalPage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  return (
    <PageContainer>
      <PageHeader title={title} intro={`Last updated ${updated}.`} />
      <div className="max-w-3xl space-y-6 leading-relaxed text-slate-700 [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900 [&_ul]:list-disc [&_ul]:pl-6">
        {children}
      </div>
    </PageContainer>
  );
}
