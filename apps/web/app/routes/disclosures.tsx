import { SITE_NAME } from '@app/shared/site';
import { LegalPage } from '../components/legal-page';
import { pageMeta, siteUrlFrom } from '../lib/meta';
import type { Route } from './+types/disclosures';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Disclosures',
    description: `Where ${SITE_NAME} data comes from, how current it is, and why nothing on the site is investment advice.`,
    path: '/disclosures',
    siteUrl: siteUrlFrom(matches),
  });

export default function DisclosuresPage() {
  return (
    <LegalPage title="Disclosures" updated="November 2026">
      <h2>Not investment advice</h2>
      <p>
        {SITE_NAME} publishes information for education. We are not a broker, dealer or investment adviser, and nothing
        here recommends buying or selling any security. Past performance does not predict future results.
      </p>
      <h2>Data sources and delays</h2>
      <p>
        Prices are end-of-day figures; the screener shows the last trading day. Company metrics come from filings with
        the US Securities and Exchange Commission (SEC). Data can contain errors or gaps; check important figures
        against the original filings.
      </p>
      <h2>Demo data</h2>
      <p>
        A fresh installation of the site shows a fictional demo universe of companies and prices, clearly labelled as
        such, until real data is loaded.
      </p>
    </LegalPage>
  );
}
