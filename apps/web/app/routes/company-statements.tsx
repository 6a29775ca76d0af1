import { StatementsPage } from '../features/statements/components/statements-page';
import { loadStatements } from '../features/statements/statements.loader';
import { statementsMeta } from '../features/statements/statements.meta';
import { siteUrlFrom } from '../lib/meta';
import type { Route } from './+types/company-statements';

export function loader({ params, request, context }: Route.LoaderArgs) {
  return loadStatements(params.companySlug, request.url, context);
}

export const meta: Route.MetaFunction = ({ data, matches, location }) =>
  statementsMeta(data, siteUrlFrom(matches), location.pathname);

export default function CompanyStatementsRoute({ loaderData }: Route.ComponentProps) {
  return <StatementsPage data={loaderData} />;
}
