import { formatDay } from '@app/shared/format';
import type { DataMetaResponse } from '@app/shared/meta';
import { CONTACT_EMAIL, SITE_NAME } from '@app/shared/site';
import { Link } from 'react-router';

function DataLine({ meta }: { meta: DataMetaResponse | null }) {
  if (!meta || meta.source === 'none' || !meta.dataDate) {
    return <p data-testid="footer-data">No market data is loaded yet.</p>;
  }
  const day = <time dateTime={meta.dataDate}>{formatDay(meta.dataDate)}</time>;
  return (
    <p data-testid="footer-data">
      Market data as of the close of trading on {day}.{' '}
      {meta.source === 'demo' ? (
        <strong className="font-semibold text-slate-800">Demo data: the companies and prices are fictional.</strong>
      ) : (
        'End-of-day prices and SEC filings; not real-time.'
      )}
    </p>
  );
}

/** SPEC §2. */
export function SiteFooter({ year, dataMeta }: { year: number; dataMeta: DataMetaResponse | null }) {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 text-sm text-slate-600 sm:px-6">
        <nav aria-label="Legal" className="flex flex-wrap gap-x-6 gap-y-2">
          <Link to="/privacy" className="hover:text-slate-900 hover:underline">
            Privacy Policy
          </Link>
          <Link to="/terms" className="hover:text-slate-900 hover:underline">
            Terms of Service
          </Link>
          <Link to="/disclosures" className="hover:text-slate-900 hover:underline">
            Disclosures
          </Link>
          <a href={`mailto:${CONTACT_EMAIL}`} className="hover:text-slate-900 hover:underline">
            Contact us
          </a>
        </nav>
        <DataLine meta={dataMeta} />
        <p>
          The information on this site is for education and general information only. It is not investment advice, and
          nothing here is an offer or a recommendation to buy or sell any security.
        </p>
        <p>
          © {year} {SITE_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
