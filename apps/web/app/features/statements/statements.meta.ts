import { nameFromSlug } from '@app/shared/slug';
import { STATEMENT_PERIOD_LABELS, STATEMENTS } from '@app/shared/statements-view';
import { pageMeta } from '../../lib/meta';
import { type StatementsData, statementPath } from './statements.loader';

/** Title, description and canonical of a statement page (each statement and period its own URL). */
export function statementsMeta(data: StatementsData | undefined, siteUrl: string, pathname: string) {
  if (!data)
    return pageMeta({ title: 'Financial statements', description: 'Financial statements', path: pathname, siteUrl });
  const name = data.body?.company.comp_name ?? nameFromSlug(data.slug);
  const ticker = data.body ? ` (${data.body.company.ticker})` : '';
  const title = STATEMENTS[data.statement].title;
  const periodLabel = STATEMENT_PERIOD_LABELS[data.period].toLowerCase();
  const first = data.body?.columns[0]?.label;
  const last = data.body?.columns.at(-1)?.label;
  return pageMeta({
    title: data.notFound ? 'Company not found' : `${name}${ticker} ${title} (${STATEMENT_PERIOD_LABELS[data.period]})`,
    description:
      first && last
        ? `${name}'s ${title.toLowerCase()}, ${periodLabel}, ${first} to ${last}, from its SEC filings: every figure with the filing and period behind it, growth and margins, and a CSV download.`
        : `${name}'s ${title.toLowerCase()} from its SEC filings, ${periodLabel}.`,
    path: data.notFound ? pathname : statementPath(data.slug, data.statement, data.period),
    siteUrl,
    noindex: data.notFound,
  });
}
