import type { ReactNode } from 'react';

/** The narrow card the sign-in, sign-up and reset pages sit in. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {intro ? <p className="mt-2 text-sm text-slate-600">{intro}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
