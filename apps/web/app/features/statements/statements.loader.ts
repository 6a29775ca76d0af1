import type { StatementResponse } from '@app/shared/statements';
import {
  STATEMENT_KINDS,
  STATEMENT_PERIODS,
  type StatementKind,
  type StatementPeriod,
} from '@app/shared/statements-view';
import { type AppLoadContext, data } from 'react-router';
import { ApiClientError, apiGet } from '../../lib/api-client';

export interface StatementsData {
  slug: string;
  statement: StatementKind;
  period: StatementPeriod;
  body: StatementResponse | null;
  notFound: boolean;
}

/** The statement and period a URL asks for; anything unknown falls back to the default. */
export function statementChoice(url: string): { statement: StatementKind; period: StatementPeriod } {
  const search = new URL(url).searchParams;
  const statement = search.get('statement');
  const period = search.get('period');
  return {
    statement: (STATEMENT_KINDS as readonly string[]).includes(statement ?? '')
      ? (statement as StatementKind)
      : 'income',
    period: (STATEMENT_PERIODS as readonly string[]).includes(period ?? '') ? (period as StatementPeriod) : 'annual',
  };
}

/** The page's URL for a statement and period (defaults left out, so each view has one URL). */
export function statementPath(slug: string, statement: StatementKind, period: StatementPeriod): string {
  const query = new URLSearchParams();
  if (statement !== 'income') query.set('statement', statement);
  if (period !== 'annual') query.set('period', period);
  const text = query.toString();
  return `/companies/info/${encodeURIComponent(slug)}/statements${text ? `?${text}` : ''}`;
}

export function statementCsvPath(slug: string, statement: StatementKind, period: StatementPeriod): string {
  return `/api/companies/${encodeURIComponent(slug)}/statements/${statement}/csv?period=${period}`;
}

/** Server data of `/companies/info/{slug}/statements`: one statement, rendered in the HTML. */
export async function loadStatements(slug: string, url: string, context?: AppLoadContext) {
  const { statement, period } = statementChoice(url);
  try {
    const body = await apiGet<StatementResponse>(
      `/api/companies/${encodeURIComponent(slug)}/statements/${statement}?period=${period}`,
      { context },
    );
    return { slug, statement, period, body, notFound: false } satisfies StatementsData;
  } catch (err) {
    if (err instanceof ApiClientError && (err.status === 404 || err.status === 400)) {
      return data({ slug, statement, period, body: null, notFound: true } satisfies StatementsData, { status: 404 });
    }
    console.error('Statement failed to load', err);
    return { slug, statement, period, body: null, notFound: false } satisfies StatementsData;
  }
}
