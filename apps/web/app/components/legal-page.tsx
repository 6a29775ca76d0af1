import type { ReactNode } from 'react';
import { PageContainer, PageHeader } from './ui/page-header';

export function LegalPage({
  title,
  updated,
  intro,
  children,
}: {
  title: string;
  updated: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <PageContainer>
      <PageHeader title={title} intro={intro ?? `Last updated ${updated}.`} />
      {intro ? <p className="-mt-6 mb-8 text-sm text-slate-600">Last updated {updated}.</p> : null}
      <div className="max-w-3xl space-y-4 leading-relaxed text-slate-700 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:text-sm [&_code]:text-slate-900 [&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900 [&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-slate-900 [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-6 [&_strong]:text-slate-900 [&_ul]:list-disc [&_ul]:pl-6">
        {children}
      </div>
    </PageContainer>
  );
}
