import { formatNumber } from '@app/shared/format';
import { Link } from 'react-router';

/** SPEC §2: the simulator requires login. */
export const SIGN_IN_TEXT = 'Please log in to access the market simulator.';

export function SignedOutPrompt({ startingPoints }: { startingPoints: number }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-8 text-center">
      <p className="text-lg text-slate-800">{SIGN_IN_TEXT}</p>
      <p className="mt-2 text-sm text-slate-600">
        Every member starts with {formatNumber(startingPoints)} points to invest in US companies at end-of-day prices.
      </p>
      <div className="mt-4 flex justify-center gap-3">
        <Link to="/login?redirectTo=/simulator" className="font-semibold text-brand-700 underline">
          Log in
        </Link>
        <Link to="/signup" className="font-semibold text-brand-700 underline">
          Sign up
        </Link>
      </div>
    </div>
  );
}
