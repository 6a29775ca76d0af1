import { CONTACT_EMAIL, SITE_NAME } from '@app/shared/site';
import { THEME_COOKIE } from '@app/shared/theme';
import { Link } from 'react-router';
import { LegalPage } from '../components/legal-page';
import { pageMeta, siteUrlFrom } from '../lib/meta';
import type { Route } from './+types/privacy';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Privacy Policy',
    description: `What ${SITE_NAME} stores about you and why: your account, simulator activity, password-reset e-mails, the theme cookie, browser storage, server and rate-limit logs, and how to export or delete your data.`,
    path: '/privacy',
    siteUrl: siteUrlFrom(matches),
  });

const mail = (
  <a href={`mailto:${CONTACT_EMAIL}`} className="break-all">
    {CONTACT_EMAIL}
  </a>
);

export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated="November 23, 2026"
      intro={`What ${SITE_NAME} stores about you, why, for how long, and how to get a copy of it or have it deleted.`}
    >
      <p>
        {SITE_NAME} (“we”, “us”) is a free website about US public companies: a stock screener, company metric charts,
        historical rankings, market news, a practice-trading simulator with virtual points, and question answering over
        PDF documents. This policy covers the website and its API. You can use most of the site without an account; the
        account features (the simulator, your profile, longer chart ranges and all ranking years) need one.
      </p>
      <p>
        In short: we keep what is needed to run your account and the simulator, we keep short-lived technical logs to
        keep the site working and safe, we use no advertising or analytics trackers, and we never sell personal data.
      </p>

      <h2 id="account">1. Your account</h2>
      <p>When you sign up with an e-mail address and password, we store:</p>
      <ul>
        <li>
          your <strong>username</strong> and <strong>e-mail address</strong>, which identify your account and let you
          sign in;
        </li>
        <li>
          your <strong>password</strong>, only as a salted one-way hash (argon2id). We never store or log the password
          itself and cannot tell you what it is;
        </li>
        <li>
          if you add them on your profile, your <strong>website</strong>, a short <strong>summary</strong> about
          yourself and your <strong>country or region</strong>. These are optional and are not shown to other visitors;
        </li>
        <li>
          when the account was created and changed, and a session counter that lets a password change or reset sign out
          your other devices.
        </li>
      </ul>
      <p>
        <strong>Signing in with Google.</strong> If you choose “Sign in with Google”, Google sends us a signed token
        with your e-mail address, whether Google has verified it, and a Google account identifier. We check the token,
        then create your account or link it to the existing account with the same verified e-mail address. We do not
        receive your Google password or your contacts. On the sign-in pages, and only when Google sign-in is enabled,
        your browser loads Google’s sign-in script from Google’s servers; Google’s own privacy policy applies to what
        that script collects.
      </p>

      <h2 id="simulator">2. Simulator data</h2>
      <p>
        The market simulator lets you practise with <strong>virtual points</strong>, which have no cash value (see the{' '}
        <Link to="/terms">Terms of Service</Link>). For your account we store your points balance; each pick (company
        name and ticker, points invested, purchase price and date); the auto-sell triggers you set (profit target, stop
        loss or date); and, once a pick is sold, its end price, end date and points gained or lost. We use this only to
        show you your portfolio and history and to run your triggers. It is not shown to other visitors; the leaderboard
        of gurus is a fixed list that does not include members.
      </p>

      <h2 id="email">3. E-mail for password resets</h2>
      <p>
        If you ask for a password reset, we e-mail the address on the account a link that works once and expires after
        one hour. We store only a hash of the link’s secret, never the link itself, and the answer on the page is the
        same whether or not an account exists for that address. We use your e-mail address for messages about your
        account (such as resets) and to answer you when you write to us. We do not send newsletters or marketing, and we
        do not share your address with advertisers. Messages are delivered through the e-mail provider that runs our
        outgoing mail.
      </p>

      <h2 id="browser">4. Cookies and browser storage</h2>
      <p>
        We use one cookie and two browser storage keys, all needed for the features you use. There are no advertising,
        analytics or tracking cookies.
      </p>
      <ul>
        <li>
          <strong>
            Cookie <code>{THEME_COOKIE}</code>
          </strong>{' '}
          — set only when you use the light/dark switch in the top bar; its value is <code>light</code> or{' '}
          <code>dark</code>. It lets our server send pages in the theme you chose, so they do not flash in the wrong
          colours. It lasts one year and holds nothing about you. Without it the site follows your device’s setting.
        </li>
        <li>
          <strong>
            Storage key <code>token</code>
          </strong>{' '}
          — your sign-in token after you sign in: a signed code that proves to our server who you are. It expires on its
          own, and signing out deletes it.
        </li>
        <li>
          <strong>
            Storage key <code>user</code>
          </strong>{' '}
          — your user number, e-mail address, name and avatar letter, so the top bar can show you as signed in. Signing
          out deletes it.
        </li>
      </ul>
      <p>
        With <strong>Remember me</strong> ticked, <code>token</code> and <code>user</code> are kept in your browser’s
        local storage until you sign out or the token expires; without it they are kept in session storage, which your
        browser clears when you close it. You can also remove them at any time in your browser’s settings.
      </p>
      <p>
        <strong>Documents you open in Document QA never leave your device.</strong> The PDF is read, indexed and
        searched inside your browser; neither the file nor its text nor your questions are sent to us.
      </p>

      <h2 id="logs">5. Server logs and rate limits</h2>
      <p>
        Like every website, our server writes a log line for each request: the time, the address requested, the response
        status and duration, a request number, and your IP address. Errors are logged with the same details. We never
        log passwords, sign-in tokens or reset links. We use these logs to keep the site running, to find and fix
        faults, and to detect and stop abuse.
      </p>
      <p>
        To protect accounts, sign-in, sign-up, password-reset e-mails and some downloads are{' '}
        <strong>rate limited</strong>: we count recent requests per IP address and, for sign-in and resets, per account
        or e-mail address. These counters expire on their own after their time window (minutes up to an hour). When a
        limit is reached the request is refused and the refusal is logged like any other request.
      </p>
      <p>
        Logs are kept for at most 30 days and then deleted, unless they are needed longer to investigate a specific
        security incident.
      </p>

      <h2 id="use">6. Why we use your information</h2>
      <ul>
        <li>To provide the service you asked for: your account, sign-in, profile, simulator and password resets.</li>
        <li>To keep the site secure and working: logs, rate limits and ending sessions after a password change.</li>
        <li>To answer you when you contact us.</li>
        <li>To meet legal obligations, where the law requires us to keep or disclose information.</li>
      </ul>
      <p>
        We do not sell or rent personal data, do not use it for advertising, and do not make automated decisions about
        you that have legal or similarly significant effects.
      </p>

      <h2 id="sharing">7. Who else sees it</h2>
      <p>
        Only the service providers we need to run the site: our hosting provider (which stores the database and logs)
        and our e-mail delivery provider (for reset e-mails), each acting on our instructions. Google takes part only if
        you choose to sign in with Google. We disclose information to authorities only when the law requires it.
      </p>

      <h2 id="export-delete">8. Export, correction and deletion</h2>
      <ul>
        <li>
          <strong>See and correct:</strong> your profile page shows and lets you change your username, e-mail address,
          website, summary, country and password.
        </li>
        <li>
          <strong>Export:</strong> from your profile page you can download your data as a JSON file: your profile, your
          current picks and your simulator history.
        </li>
        <li>
          <strong>Delete:</strong> from your profile page you can delete your account after entering your password
          again. Your profile, picks, triggers and history are deleted straight away and cannot be recovered. Copies
          that remain in server backups are overwritten in the normal backup cycle, within 30 days.
        </li>
      </ul>
      <p>
        If you cannot sign in, or want to ask what we hold about you or object to how we use it, write to {mail}. We
        answer within 30 days. Depending on where you live you may also have the right to complain to your data
        protection authority.
      </p>

      <h2 id="retention">9. How long we keep it</h2>
      <p>
        Account and simulator data: until you delete your account. Reset links: one hour, and they stop working once
        used. Rate-limit counters: until their time window ends. Server logs: at most 30 days. The theme cookie: one
        year, or until you clear it.
      </p>

      <h2 id="security">10. Security</h2>
      <p>
        Pages and the API are served over encrypted connections where the site runs on HTTPS. Passwords are hashed,
        sign-in tokens expire, and a password change or reset ends your other sessions. No system is perfectly secure:
        use a password you do not use elsewhere, and tell us at {mail} if you think someone else used your account.
      </p>

      <h2 id="children">11. Children</h2>
      <p>
        The site is not directed at children under 13, and we do not knowingly keep accounts for them. If you believe a
        child under 13 has created an account, write to us and we will delete it.
      </p>

      <h2 id="changes">12. Changes to this policy</h2>
      <p>
        When we change what we collect or how we use it, we update this page and the date at the top. Significant
        changes are announced on the site before they take effect.
      </p>

      <h2 id="contact">13. Contact</h2>
      <p>Questions about privacy: {mail}.</p>
    </LegalPage>
  );
}
