import { SITE_NAME } from '@app/shared/site';
import { Link } from 'react-router';
import { LegalPage } from '../components/legal-page';
import { pageMeta, siteUrlFrom } from '../lib/meta';
import type { Route } from './+types/terms';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Terms of Service',
    description: `The terms that apply when you use ${SITE_NAME}: acceptable use, accounts, virtual points and the limits of our information.`,
    path: '/terms',
    siteUrl: siteUrlFrom(matches),
  });

export default function TermsPage() {
  return (
    <LegalPage title="Terms of Service" updated="November 2026">
      <p>By using {SITE_NAME} you agree to these terms. If you do not agree, please do not use the site.</p>
      <h2>Information only</h2>
      <p>
        Everything on the site is for education and general information. It is not investment, tax or legal advice. See
        our{' '}
        <Link className="text-brand-600 underline" to="/disclosures">
          Disclosures
        </Link>
        .
      </p>
      <h2>Accounts</h2>
      <p>
        Keep your password to yourself and tell us if you think someone else used your account. One account per person.
      </p>
      <h2>Virtual points</h2>
      <p>The market simulator uses virtual points with no cash value. They cannot be bought, sold or exchanged.</p>
      <h2>Fair use</h2>
      <p>
        Do not overload the site, scrape it at high rates, or try to cheat the simulator or the leaderboard. We may
        suspend accounts that do.
      </p>
      <h2>Changes</h2>
      <p>We may update these terms; the date above tells you when they last changed.</p>
    </LegalPage>
  );
}
