import { CONTACT_EMAIL, SITE_NAME } from '@app/shared/site';
import { Link } from 'react-router';
import { LegalPage } from '../components/legal-page';
import { pageMeta, siteUrlFrom } from '../lib/meta';
import type { Route } from './+types/terms';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Terms of Service',
    description: `The terms for using ${SITE_NAME}: information only and not investment advice, accounts, virtual points in the simulator, fair use and rate limits, data, demo data and sample news, and the limits of our responsibility.`,
    path: '/terms',
    siteUrl: siteUrlFrom(matches),
  });

const mail = <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>;

export default function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      updated="November 23, 2026"
      intro={`The agreement between you and ${SITE_NAME} when you use the website and its API.`}
    >
      <p>
        By using {SITE_NAME} you agree to these terms and to our <Link to="/privacy">Privacy Policy</Link>. If you do
        not agree, please do not use the site. If you create an account, you confirm that you have read them.
      </p>

      <h2 id="service">1. The service</h2>
      <p>
        {SITE_NAME} is free. It offers an end-of-day stock screener, company metric charts built from SEC filings,
        historical rankings, market news, a practice-trading simulator with virtual points, question answering over PDF
        documents in your browser, and accounts. We may add, change or remove features, and may suspend the site for
        maintenance, without notice. Because the service is free, we do not promise that it will always be available.
      </p>

      <h2 id="not-advice">2. Information only, not investment advice</h2>
      <p>
        Everything on the site is general information for education. It is not investment, financial, tax or legal
        advice, and nothing on it is an offer, solicitation or recommendation to buy, sell or hold any security. We are
        not a broker-dealer or an investment adviser. You alone are responsible for your investment decisions; consider
        speaking to a licensed professional. Our <Link to="/disclosures">Disclosures</Link> explain where the data comes
        from and its limits, and form part of these terms.
      </p>

      <h2 id="accounts">3. Accounts</h2>
      <ul>
        <li>
          You must be at least 13 years old to create an account, and have a parent’s or guardian’s permission if you
          are under the age of majority where you live.
        </li>
        <li>Give a real e-mail address that you control: it is how you reset your password.</li>
        <li>
          One account per person. Keep your password secret; you are responsible for what is done with your account.
        </li>
        <li>Tell us at {mail} straight away if you think someone else has used your account.</li>
        <li>
          What you write in your profile (username, website, summary) must be lawful and must not impersonate anyone,
          infringe anyone’s rights or link to harmful content.
        </li>
        <li>You can export your data and delete your account at any time from your profile page.</li>
      </ul>

      <h2 id="points">4. The simulator and virtual points</h2>
      <ul>
        <li>
          The simulator uses <strong>virtual points</strong>. They are not money, have no cash value, and cannot be
          bought, sold, transferred, exchanged or redeemed for anything.
        </li>
        <li>
          Simulated trades are not real orders: nothing is sent to any market. They are priced at the end-of-day prices
          the site shows, without commissions, spreads, slippage, taxes or dividends, so simulated results can differ a
          lot from what real trading would have produced and do not predict future results.
        </li>
        <li>
          Auto-sell triggers run when new prices arrive, after the market closes, not the moment a price is reached
          during the day.
        </li>
        <li>
          We may correct points, picks or history affected by a data error or a fault, and may reset or remove balances
          obtained by abuse (for example by automation or by exploiting a fault).
        </li>
      </ul>

      <h2 id="data">5. Data, demo data and sample news</h2>
      <p>
        Market data is end-of-day, can contain errors, gaps or delays, and is provided “as is” (see the{' '}
        <Link to="/disclosures">Disclosures</Link>). A new installation of the site shows a{' '}
        <strong>demo universe</strong> of fictional companies and prices, labelled on every page, until real data is
        loaded. The articles on the news page are <strong>sample articles</strong> written for the site; they are not
        real news. Do not rely on demo data or sample articles for any decision.
      </p>

      <h2 id="fair-use">6. Fair use and acceptable behaviour</h2>
      <p>You may use the site and its public API for your own, non-commercial research and learning. You must not:</p>
      <ul>
        <li>overload the site, or get around its rate limits (for example by rotating addresses or accounts);</li>
        <li>copy the data in bulk or resell it, or scrape pages faster than a person would browse;</li>
        <li>create accounts automatically, or use several accounts to gain an advantage in the simulator;</li>
        <li>probe, scan or test the site’s security without our written permission, or interfere with other users;</li>
        <li>use the site for anything unlawful.</li>
      </ul>
      <p>
        Requests over the limits are refused with an error until the limit’s time window has passed. We may block
        addresses or suspend accounts that break these rules.
      </p>

      <h2 id="ip">7. Our content and yours</h2>
      <p>
        The site’s software, design and texts belong to us or our licensors. Company names, tickers and trademarks
        belong to their owners; their use here does not mean they endorse us. SEC filings are public records. What you
        put in your profile stays yours; you allow us to store it and show it to you as needed to run the service. PDF
        documents you open in Document QA stay on your device and are never sent to us.
      </p>

      <h2 id="warranty">8. No warranty</h2>
      <p>
        The site, its data and its answers are provided “as is” and “as available”, without warranties of any kind,
        express or implied, including accuracy, completeness, timeliness, fitness for a particular purpose and
        non-infringement, to the extent the law allows.
      </p>

      <h2 id="liability">9. Limitation of liability</h2>
      <p>
        To the extent the law allows, we are not liable for any loss arising from your use of the site or reliance on
        its information, including trading or investment losses, lost profits or lost data. Nothing in these terms
        limits liability that cannot be limited by law.
      </p>

      <h2 id="ending">10. Ending your use</h2>
      <p>
        You may stop using the site and delete your account at any time. We may suspend or close an account that breaks
        these terms, and will tell you by e-mail where we reasonably can. Sections 2, 7, 8 and 9 continue to apply after
        your account is closed.
      </p>

      <h2 id="changes">11. Changes to these terms</h2>
      <p>
        We may update these terms as the site changes. The date at the top says when they last changed; significant
        changes are announced on the site before they take effect. Continuing to use the site after a change means you
        accept the new terms.
      </p>

      <h2 id="contact">12. Contact</h2>
      <p>Questions about these terms: {mail}.</p>
    </LegalPage>
  );
}
