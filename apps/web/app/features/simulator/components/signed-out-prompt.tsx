import { formatNumber } from '@app/shared/format';
import { SignInPrompt } from '../../../components/sign-in-prompt';

/** SPEC §2: the simulator requires login. */
export const SIGN_IN_TEXT = 'Please log in to access the market simulator.';

export function SignedOutPrompt({ startingPoints }: { startingPoints: number }) {
  return (
    <SignInPrompt title={SIGN_IN_TEXT} returnTo="/simulator">
      Every member starts with {formatNumber(startingPoints)} points to invest in US companies at end-of-day prices.
    </SignInPrompt>
  );
}
