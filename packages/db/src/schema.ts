import type { ColumnType, Generated } from 'kysely';

/**
 * The Kysely view of every table. Columns are snake_case here and nowhere else:
 * repositories map rows to contract types before they leave a module.
 *
 * Units (decision 004): prices in USD per share; share counts in shares; every
 * money amount of fundamentals and derived tables in millions of USD ($M);
 * returns as fractions (0.12 = +12%); dates as `YYYY-MM-DD` trading days.
 * Prices, volumes and share counts are all on ONE basis: split-adjusted to the
 * latest share structure, so close × shares is the true market cap on any day.
 */
export interface Database {
  app_meta: AppMetaTable;
  update_locks: UpdateLocksTable;
  companies: CompaniesTable;
  daily_prices: DailyPricesTable;
  shares_outstanding: SharesOutstandingTable;
  fundamentals: FundamentalsTable;
  company_years: CompanyYearsTable;
  latest_quotes: LatestQuotesTable;
  splits: SplitsTable;
  company_former_names: CompanyFormerNamesTable;
  company_tickers: CompanyTickersTable;
  users: UsersTable;
  password_resets: PasswordResetsTable;
  revoked_tokens: RevokedTokensTable;
  email_changes: EmailChangesTable;
  app_secrets: AppSecretsTable;
  contest_accounts: ContestAccountsTable;
  contest_picks: ContestPicksTable;
  contest_valuations: ContestValuationsTable;
  watchlists: WatchlistsTable;
  watchlist_items: WatchlistItemsTable;
  alerts: AlertsTable;
  notifications: NotificationsTable;
  alert_settings: AlertSettingsTable;
  alert_mails: AlertMailsTable;
}

/** Key/value facts about the loaded data (source, data date, generator seed...). */
/** A lock held across processes (migration 0005). */
export interface UpdateLocksTable {
  name: string;
  holder: string;
  acquired_at: string;
  expires_at: string;
}

export interface AppMetaTable {
  key: string;
  value: string;
  updated_at: Generated<string>;
}

export interface CompaniesTable {
  id: Generated<number>;
  /** SEC Central Index Key; null when unknown. Demo companies use fictional CIKs. */
  cik: number | null;
  ticker: string;
  name: string;
  /** SPEC §2 slug of the name, unique (a numeric suffix breaks ties). */
  slug: string;
  /** Sector code 1–11 (SPEC §3); null when no mapping is known. */
  sector: number | null;
  industry: string | null;
  sic: string | null;
  country: string | null;
  ipo_year: number | null;
  exchange: string | null;
  /** First trading day we hold, and the day after the last one for delisted companies. */
  listed_on: string | null;
  delisted_on: string | null;
}

export interface DailyPricesTable {
  company_id: number;
  date: string;
  /** Close, split-adjusted to the latest basis (not dividend-adjusted). */
  close: number;
  /** Shares traded, on the same split basis as `close`. */
  volume: number;
}

export interface SharesOutstandingTable {
  company_id: number;
  /** The count is in force from this trading day until the next row's date. */
  date: string;
  /** Split-adjusted to the latest basis, like `daily_prices.close`. */
  shares: number;
  /** Where the count came from: 'demo', 'sec-dei', 'sec-us-gaap', ... */
  source: string;
}

export interface FundamentalsTable {
  company_id: number;
  /** 'annual' (fiscal year, 10-K) or 'quarter' (fiscal quarter, 10-Q or derived Q4). */
  period: 'annual' | 'quarter';
  period_start: string | null;
  period_end: string;
  fiscal_year: number;
  /** 'FY', 'Q1', 'Q2', 'Q3' or 'Q4'. */
  fiscal_period: string;
  /** '10-K', '10-Q', '20-F', ... or 'demo'. */
  form: string;
  filed: string | null;
  /** 1 when flows were derived (Q4 = fiscal year − Q1 − Q2 − Q3), else 0. */
  derived: number;
  /** ISO currency of the amounts; only 'USD' rows are charted as dollars. */
  currency: string;
  revenue: number | null;
  net_income: number | null;
  cash: number | null;
  current_assets: number | null;
  total_assets: number | null;
  current_liabilities: number | null;
  long_term_liabilities: number | null;
  total_liabilities: number | null;
}

/** Derived per company and calendar year; recomputed after every load. */
export interface CompanyYearsTable {
  company_id: number;
  year: number;
  /** Last trading day of the year the company traded. */
  last_date: string;
  close: number;
  shares: number | null;
  /** Year-end market cap, $M (close × shares in force that day). */
  mkcap: number | null;
  /** Close-to-close return over the year (from the first close in the listing year). */
  ann_return: number | null;
  /** Estimated dollar volume, $M: sum over the year's trading days of close × volume. */
  dollar_volume: number;
  trading_days: number;
}

/** Derived: each company's last trading day and the change from the day before. */
export interface LatestQuotesTable {
  company_id: number;
  date: string;
  close: number;
  prev_close: number | null;
  net_change: number | null;
  /** Percent change, e.g. 1.25 for +1.25%. */
  pct_change: number | null;
  volume: number;
  shares: number | null;
  /** Market cap on `date`, $M. */
  mkcap: number | null;
}

/** A ticker a company's prices were filed under, and the days it served (migration 0013). */
export interface CompanyTickersTable {
  company_id: number;
  ticker: string;
  /** First and last trading day the ticker's rows gave the company. */
  first_date: string;
  last_date: string;
}

/** Names a company filed under before its current one, newest first (SEC submissions, migration 0011). */
export interface CompanyFormerNamesTable {
  company_id: number;
  /** 0 for the most recent former name. */
  position: number;
  name: string;
  /** First and last day SEC shows the name in use (YYYY-MM-DD); null when SEC gives none. */
  since: string | null;
  until: string | null;
}

/** Stock splits the importers detected or read (migration 0003). */
export interface SplitsTable {
  company_id: number;
  /** First trading day on the new basis. */
  date: string;
  /** New shares per old share: 4 = 4-for-1, 0.1 = 1-for-10 reverse. */
  ratio: number;
  /** The file (or check) that showed it. */
  source: string;
  /** vendor | actions | vendors | inferred | shares (migration 0010). */
  evidence: ColumnType<SplitEvidence, SplitEvidence | undefined, SplitEvidence>;
  /** When only bounded (inside a vendor's adjusted rows): the first day it may have happened. */
  earliest: string | null;
}

/**
 * How a split is known: a vendor's split coefficient, a corporate-actions file, the two vendors'
 * closes compared, the prices alone (with volume), or the SEC share counts.
 */
export type SplitEvidence = 'vendor' | 'actions' | 'vendors' | 'inferred' | 'shares';

/** A member account (issue 12). */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** Lower-cased username, unique: names differing only in case are the same name. */
  username_key: string;
  /** Trimmed, lower-cased e-mail address, unique. */
  email: string;
  /** argon2id PHC string; null for a Google account that never set a password. */
  password_hash: string | null;
  /** Google's stable subject id once the account signed in with Google. */
  google_sub: string | null;
  website: Generated<string>;
  summary: Generated<string>;
  country: Generated<string>;
  /** Raised when the password changes: tokens signed with an older version are refused. */
  token_version: Generated<number>;
  created_at: string;
  /** 1 when the member chose to appear on the public members' leaderboard (off by default). */
  leaderboard_opt_in: Generated<number>;
  /** Shown on the leaderboard instead of the username; null for none. */
  display_name: string | null;
}

/** Signed-out tokens by their `jti`, until they expire (migration 0013). */
export interface RevokedTokensTable {
  token_id: string;
  user_id: number;
  expires_at: string;
}

/** E-mail changes the old address may undo with the link mailed to it (SHA-256 of the token). */
export interface EmailChangesTable {
  token_hash: string;
  user_id: number;
  old_email: string;
  new_email: string;
  expires_at: string;
  used_at: string | null;
}

/** Secrets every server process on this database shares, e.g. the token-signing key. */
export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: Generated<string>;
}

/** Pending password-reset links: only the SHA-256 of the token is kept. */
export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  expires_at: string;
  used_at: string | null;
  /** The account's token version when the link was asked for; a newer version voids it. */
  token_version: Generated<number>;
}

/** A member's simulator points (migration 0008), integer cents. */
export interface ContestAccountsTable {
  user_id: number;
  points_cents: number;
  created_at: Generated<string>;
}

/** One pick: open until sold by the member or by a trigger (migration 0008). */
export interface ContestPicksTable {
  id: Generated<number>;
  user_id: number;
  company_id: number;
  ticker: string;
  comp_name: string;
  lpoints_cents: number;
  purchase_price: number;
  purchase_date: string;
  /** Trigger thresholds in basis points (500 = 5%); 0 = none. */
  asell_above_bp: Generated<number>;
  asell_below_bp: Generated<number>;
  asell_date: string | null;
  /** Data date each trigger was set on: it judges closes from that day on. */
  above_set_on: string;
  below_set_on: string;
  date_set_on: string;
  status: Generated<'open' | 'completed'>;
  end_price: number | null;
  end_date: string | null;
  gain_cents: number | null;
  sold_by: 'manual' | 'target' | 'stop' | 'date' | null;
  /** 1 once an automatic sale has been shown to the member. */
  sale_seen: Generated<number>;
  created_at: Generated<string>;
}

/** Each portfolio's value (points + positions at the close) per trading day, integer cents. */
export interface ContestValuationsTable {
  user_id: number;
  date: string;
  value_cents: number;
}

/** A member's named list of companies (migration 0015). */
export interface WatchlistsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  created_at: Generated<string>;
}

/** A company on a watchlist, in the member's order (`position`, 0 first). */
export interface WatchlistItemsTable {
  watchlist_id: number;
  company_id: number;
  position: number;
  added_at: Generated<string>;
}

export type AlertKind = 'price_above' | 'price_below' | 'daily_move' | 'high_52w' | 'low_52w' | 'filing' | 'position';

/** An alert a member set on a company; judged once per trading day after `created_on`. */
export interface AlertsTable {
  id: Generated<number>;
  user_id: number;
  company_id: number;
  kind: AlertKind;
  /** USD per share, for price alerts. */
  price_level: number | null;
  /** Basis points (500 = 5%): the daily move, or a position's gain (positive) or loss (negative). */
  percent_bp: number | null;
  /** 1 while e-mail about it is wanted. */
  email: Generated<number>;
  /** The data date it was set on: closes on or before it never fire it. */
  created_on: string;
  /** The last trading day judged. */
  checked_through: string;
  /** Newest filing date already known (filing alerts); '' for none. */
  filed_through: Generated<string>;
  created_at: Generated<string>;
}

export type NotificationMailState = 'pending' | 'sending' | 'sent' | 'capped' | 'none';

/** What an alert said on a trading day: one row per alert and day at most. */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  alert_id: number;
  company_id: number;
  date: string;
  kind: AlertKind;
  message: string;
  read_at: string | null;
  mail_state: NotificationMailState;
  created_at: Generated<string>;
}

export type AlertEmailMode = 'each' | 'digest' | 'off';

/** A member's choice of alert e-mail; absent means one message per alert. */
export interface AlertSettingsTable {
  user_id: number;
  email_mode: AlertEmailMode;
}

/** An alert message sent, by the trading day it reports: the daily cap counts these. */
export interface AlertMailsTable {
  id: Generated<number>;
  user_id: number;
  date: string;
  sent_at: string;
}
