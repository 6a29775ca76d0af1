import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A members' page as a signed-out visitor sees it: what the page does, and the way in. */
export function SignInPrompt({ title, returnTo, children }: { title: string; returnTo: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-8 text-center">
      <p className="text-lg text-slate-800">{title}</p>
      <p className="mt-2 text-sm text-slate-600">{children}</p>
      <div className="mt-4 flex justify-center gap-3">
        <Link
          to={`/login?redirectTo=${encodeURIComponent(returnTo)}`}
          className="font-semibold text-brand-700 underline"
        >
          Log in
        </Link>
        <Link to="/signup" className="font-semibold text-brand-700 underline">
          Sign up
        </Link>
      </div>
    </div>
  );
}
