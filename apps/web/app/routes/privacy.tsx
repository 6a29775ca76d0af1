import { CONTACT_EMAIL, SITE_NAME } from '@app/shared/site';
import { LegalPage } from '../components/legal-page';
import { pageMeta, siteUrlFrom } from '../lib/meta';
import type { Route } from './+types/privacy';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Privacy Policy',
    description: `How ${SITE_NAME} collects, uses and protects your information, and the choices you have.`,
    path: '/privacy',
    siteUrl: siteUrlFrom(matches),
  });

export default function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy" updated="November 2026">
      <p>
        {SITE_NAME} is a free website about US public companies. This policy explains what we collect when you use it
        and why.
      </p>
      <h2>What we collect</h2>
      <ul>
        <li>
          Account details you give us: username, e-mail address, and optionally a website, a summary and your country.
        </li>
        <li>Your simulator activity: the virtual trades, triggers and points balance of your account.</li>
        <li>Technical logs: request times, addresses and errors, kept for a short time to run and secure the site.</li>
      </ul>
      <h2>What we do not collect</h2>
      <p>
        Documents you open in Document QA are read in your browser and never uploaded. We do not sell personal data and
        we do not run advertising trackers.
      </p>
      <h2>How we use it</h2>
      <p>
        To run your account, show your portfolio and leaderboard position, keep the site secure, and answer you when you
        write to us.
      </p>
      <h2>Your choices</h2>
      <p>
        You can update your profile at any time. To delete your account or ask what we hold about you, write to{' '}
        <a className="text-brand-600 underline" href={`mailto:${CONTACT_EMAIL}`}>
          {CONTACT_EMAIL}
        </a>
        .
      </p>
    </LegalPage>
  );
}
