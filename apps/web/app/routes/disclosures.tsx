import { CONTACT_EMAIL, SITE_NAME } from '@app/shared/site';
import { Link } from 'react-router';
import { LegalPage } from '../components/legal-page';
import { pageMeta, siteUrlFrom } from '../lib/meta';
import type { Route } from './+types/disclosures';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Disclosures',
    description: `Where ${SITE_NAME} data comes from and how current it is, what demo data and sample news are, how virtual points and the simulator work, and why nothing on the site is investment advice.`,
    path: '/disclosures',
    siteUrl: siteUrlFrom(matches),
  });

export default function DisclosuresPage() {
  return (
    <LegalPage
      title="Disclosures"
      updated="November 23, 2026"
      intro="What the figures on this site are, where they come from, how current they are, and what they are not."
    >
      <h2 id="not-advice">Not investment advice</h2>
      <p>
        {SITE_NAME} publishes information for education and general interest. We are not a broker-dealer, an investment
        adviser or a financial planner, and we are not registered as any of them. Nothing on the site is a
        recommendation or an offer to buy, sell or hold any security, and nothing takes your circumstances into account.
        Past performance, including the historical rankings and simulated results shown here, does not predict future
        results. Investing involves risk, including the loss of the money you invest. Do your own research and consider
        speaking to a licensed professional before you invest.
      </p>
      <p>
        We are paid by no company to feature it, we show no advertising, and the order of lists follows the figures and
        the sorting you choose, never payment.
      </p>

      <h2 id="sources">Data sources</h2>
      <ul>
        <li>
          <strong>Companies:</strong> the list of companies, tickers, exchanges and CIK numbers published by the US
          Securities and Exchange Commission (SEC). Sectors come from a company’s GICS classification where it is known
          and otherwise from its SEC industry (SIC) code, so they can differ from other providers’.
        </li>
        <li>
          <strong>Company metrics</strong> (revenue, net income, cash, current and total assets, current, long-term and
          total liabilities): the financial data companies file with the SEC in XBRL form (“company facts”). Amounts are
          shown in US dollars, in millions; figures reported only in other currencies are named, not charted.
        </li>
        <li>
          <strong>Prices and volumes:</strong> daily end-of-day price files (open, high, low, close, volume). Prices are
          adjusted for stock splits so that a chart is comparable over time; they are not adjusted for dividends.
        </li>
        <li>
          <strong>Derived figures:</strong> market cap is the closing price times the number of shares reported in the
          most recent filing before that day. In the rankings, the annual return is the change in the split-adjusted
          closing price from the last close of the previous year (or the first close, in a company’s first year) to the
          last close of the year, without dividends; estimated dollar volume is the sum over the year of each day’s
          closing price times its share volume, an estimate of the value traded.
        </li>
      </ul>
      <p>
        The SEC does not endorse {SITE_NAME}. For any figure that matters to you, check the company’s original filing;
        company pages link to its filings on the SEC’s EDGAR site where the company is real.
      </p>

      <h2 id="delays">Timing and delays</h2>
      <ul>
        <li>
          <strong>Nothing on the site is real-time.</strong> Prices are end-of-day: the screener and the simulator show
          the close of the last trading day, and new closing prices are added once after each trading day ends (the
          server checks every hour). Between updates, and on weekends and market holidays, figures are a day or more
          old. The footer of every page says which trading day the data is as of.
        </li>
        <li>
          Company metrics appear only after a company files its report with the SEC, usually several weeks after the
          quarter or year ends, and after our next data load. Restated figures replace earlier ones once loaded.
        </li>
        <li>
          Data can be late, incomplete or wrong: a company may be missing, a filing may be misread, or a corporate
          action (a split, merger or ticker change) may be handled imperfectly. We correct errors we find, but we cannot
          guarantee accuracy or completeness.
        </li>
      </ul>

      <h2 id="demo-data">Demo data</h2>
      <p>
        A new installation of the site, which has no internet connection to load real data, generates a{' '}
        <strong>demo universe</strong>: thousands of fictional companies with invented names and five-letter tickers
        ending in J (a pattern no US listing uses), and invented prices, share counts and filings. While demo data is
        shown, every page says so in a notice under the top bar and in the footer, and demo companies have no links to
        SEC filings. Any resemblance to a real company is coincidental. Demo data exists so the site can be tried and
        learnt; it says nothing about any real market or company.
      </p>

      <h2 id="news">Sample news</h2>
      <p>
        The articles on the <Link to="/news">news page</Link> are sample articles written for the site to show how it
        works. The companies, people, events and figures in them are invented. They are not real news and must not be
        relied on.
      </p>

      <h2 id="simulator">The simulator and virtual points</h2>
      <p>
        The market simulator is a game for learning. It uses <strong>virtual points</strong> that have no cash value and
        cannot be bought, sold or exchanged. No real order is ever placed. Simulated trades are priced at end-of-day
        prices, with no commissions, spreads, slippage, taxes or dividends, and auto-sell triggers act when new prices
        arrive after the close, so simulated results can be very different from real trading. The leaderboard of gurus
        is a fixed, illustrative list bundled with the site: its figures are not audited or verified investment
        performance and are not updated from the markets.
      </p>

      <h2 id="doc-qa">Document QA</h2>
      <p>
        Answers in Document QA are picked automatically from the text of the PDF you open, inside your browser. They can
        be incomplete or wrong; each answer shows the passage and page it comes from so you can check it against the
        document.
      </p>

      <h2 id="contact">Questions and corrections</h2>
      <p>
        If you find an error in the data, please tell us at <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>. See
        also our <Link to="/terms">Terms of Service</Link> and <Link to="/privacy">Privacy Policy</Link>.
      </p>
    </LegalPage>
  );
}
