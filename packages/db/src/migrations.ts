import type { Migration, MigrationProvider } from 'kysely';
import { migration as m0001 } from './migrations/0001_app_meta.ts';
import { migration as m0002 } from './migrations/0002_market_data.ts';
import { migration as m0003 } from './migrations/0003_splits.ts';
import { migration as m0004 } from './migrations/0004_rankings_covering_index.ts';
import { migration as m0005 } from './migrations/0005_update_locks.ts';
import { migration as m0007 } from './migrations/0007_users.ts';
import { migration as m0008 } from './migrations/0008_contest.ts';
import { migration as m0010 } from './migrations/0010_split_evidence.ts';
import { migration as m0011 } from './migrations/0011_company_former_names.ts';
import { migration as m0012 } from './migrations/0012_account_security.ts';
import { migration as m0013 } from './migrations/0013_company_tickers.ts';
import { migration as m0014 } from './migrations/0014_statement_series.ts';
import { migration as m0015 } from './migrations/0015_watchlists.ts';
import { migration as m0016 } from './migrations/0016_contest_orders.ts';
import { migration as m0017 } from './migrations/0017_saved_screens.ts';
import { migration as m0018 } from './migrations/0018_games.ts';
import { migration as m0019 } from './migrations/0019_company_months.ts';
import { migration as m0020 } from './migrations/0020_company_readings.ts';
import { migration as m0021 } from './migrations/0021_month_closes.ts';
import { migration as m0022 } from './migrations/0022_company_months_month_index.ts';
import { migration as m0023 } from './migrations/0023_month_volumes.ts';

// Listed in code, not scanned, so sources, tests and bundles share one list. Append only: never edit a shipped one.
export const MIGRATIONS: Record<string, Migration> = {
  '0001_app_meta': m0001,
  '0002_market_data': m0002,
  '0003_splits': m0003,
  '0004_rankings_covering_index': m0004,
  '0005_update_locks': m0005,
  '0007_users': m0007,
  '0008_contest': m0008,
  '0010_split_evidence': m0010,
  '0011_company_former_names': m0011,
  '0012_account_security': m0012,
  '0013_company_tickers': m0013,
  '0014_statement_series': m0014,
  '0015_watchlists': m0015,
  '0016_contest_orders': m0016,
  '0017_saved_screens': m0017,
  '0018_games': m0018,
  '0019_company_months': m0019,
  '0020_company_readings': m0020,
  '0021_month_closes': m0021,
  '0022_company_months_month_index': m0022,
  '0023_month_volumes': m0023,
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return MIGRATIONS;
  },
};
