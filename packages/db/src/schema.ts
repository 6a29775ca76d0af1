import type { ColumnType, Generated } from 'kysely';

// Units (decision 004): prices USD per share, money $M, returns as fractions (0.12 = +12%), dates YYYY-MM-DD.
// Prices, volumes and share counts are split- (not dividend-) adjusted to the latest basis: close × shares = mkcap.
export interface Database {
  app_meta: AppMetaTable;
  update_locks: UpdateLocksTable;
  companies: CompaniesTable;
  daily_prices: DailyPricesTable;
  shares_outstanding: SharesOutstandingTable;
  fundamentals: FundamentalsTable;
  company_years: CompanyYearsTable;
  company_months: CompanyMonthsTable;
  month_closes: MonthClosesTable;
  company_readings: CompanyReadingsTable;
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
  contest_orders: ContestOrdersTable;
  games: GamesTable;
  market_index: MarketIndexTable;
  watchlists: WatchlistsTable;
  watchlist_items: WatchlistItemsTable;
  alerts: AlertsTable;
  notifications: NotificationsTable;
  alert_settings: AlertSettingsTable;
  alert_mails: AlertMailsTable;
  saved_screens: SavedScreensTable;
}

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
  close: number;
  volume: number;
}

export interface SharesOutstandingTable {
  company_id: number;
  /** The count is in force from this trading day until the next row's date. */
  date: string;
  shares: number;
  source: string;
}

export interface FundamentalsTable {
  company_id: number;
  period: 'annual' | 'quarter';
  period_start: string | null;
  period_end: string;
  fiscal_year: number;
  fiscal_period: string;
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
  /** Migration 0014: $M unless noted. */
  gross_profit: number | null;
  operating_income: number | null;
  research_development: number | null;
  /** Diluted earnings per share, in the row's currency per share as filed (not split-adjusted). */
  eps_diluted: number | null;
  /** Dividends declared per share, in the row's currency per share as filed (not split-adjusted). */
  dividends_per_share: number | null;
  /** Common shares outstanding at the period end, as filed (a whole count, not split-adjusted). */
  shares_outstanding: number | null;
  operating_cash_flow: number | null;
  /** Capital expenditure: payments for property, plant and equipment (positive). */
  capex: number | null;
  /** Operating cash flow − capital expenditure. */
  free_cash_flow: number | null;
  long_term_debt: number | null;
  stockholders_equity: number | null;
  /** JSON `{series: [concept, form, filed]}` of each figure's filing; null for demo rows. */
  sources: string | null;
}

export interface CompanyYearsTable {
  company_id: number;
  year: number;
  last_date: string;
  close: number;
  shares: number | null;
  mkcap: number | null;
  /** Close-to-close return over the year (from the first close in the listing year). */
  ann_return: number | null;
  dollar_volume: number;
  trading_days: number;
}

/** A company's highest and lowest close in a calendar month (migration 0019), kept with `company_years`. */
export interface CompanyMonthsTable {
  company_id: number;
  /** yyyy-mm */
  month: string;
  high: number;
  low: number;
}

/** A company's closes in a calendar month (migration 0021), kept with `company_months`; stored month by month. */
export interface MonthClosesTable {
  /** yyyy-mm */
  month: string;
  company_id: number;
  /** The month's trading days: bit d − 1 for day d. */
  days: number;
  /**
   * One close per trading day, ascending, comma-separated, each as text that reads back as the same
   * number (`@app/market-data/month-closes`).
   */
  closes: string;
  /** The volume of each of those days, in the same order, comma-separated (migration 0023). */
  volumes: string;
}

/**
 * What a company's filings public by `visible_from` say, until its next row (migration 0020):
 * the newest twelve months, the twelve months a year before and the newest balance, each with the
 * day its period ends; `dollars` 1 when they are in USD. Kept by every writer of filings.
 */
export interface CompanyReadingsTable {
  company_id: number;
  visible_from: string;
  dollars: number;
  now_end: string | null;
  now_revenue: number | null;
  now_net_income: number | null;
  before_end: string | null;
  before_revenue: number | null;
  before_net_income: number | null;
  balance_end: string | null;
  cash: number | null;
  current_assets: number | null;
  total_assets: number | null;
  current_liabilities: number | null;
  total_liabilities: number | null;
  stockholders_equity: number | null;
}

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
  mkcap: number | null;
}

export interface CompanyTickersTable {
  company_id: number;
  ticker: string;
  first_date: string;
  last_date: string;
}

export interface CompanyFormerNamesTable {
  company_id: number;
  position: number;
  name: string;
  since: string | null;
  until: string | null;
}

export interface SplitsTable {
  company_id: number;
  date: string;
  /** New shares per old share: 4 = 4-for-1, 0.1 = 1-for-10 reverse. */
  ratio: number;
  source: string;
  evidence: ColumnType<SplitEvidence, SplitEvidence | undefined, SplitEvidence>;
  /** When only bounded (inside a vendor's adjusted rows): the first day it may have happened. */
  earliest: string | null;
}

export type SplitEvidence = 'vendor' | 'actions' | 'vendors' | 'inferred' | 'shares';

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** Lower-cased username, unique: names differing only in case are the same name. */
  username_key: string;
  email: string;
  password_hash: string | null;
  google_sub: string | null;
  website: Generated<string>;
  summary: Generated<string>;
  country: Generated<string>;
  token_version: Generated<number>;
  created_at: string;
  leaderboard_opt_in: Generated<number>;
  display_name: string | null;
}

export interface RevokedTokensTable {
  token_id: string;
  user_id: number;
  expires_at: string;
}

export interface EmailChangesTable {
  token_hash: string;
  user_id: number;
  old_email: string;
  new_email: string;
  expires_at: string;
  used_at: string | null;
}

export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: Generated<string>;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  expires_at: string;
  used_at: string | null;
  token_version: Generated<number>;
}

export interface ContestAccountsTable {
  /** 0: the simulator of the specification; otherwise a game's (migration 0018). */
  game_id: Generated<number>;
  user_id: number;
  points_cents: number;
  created_at: Generated<string>;
}

export interface ContestPicksTable {
  id: Generated<number>;
  game_id: Generated<number>;
  user_id: number;
  company_id: number;
  ticker: string;
  comp_name: string;
  lpoints_cents: number;
  purchase_price: number;
  purchase_date: string;
  /** Trigger thresholds in basis points (500 = 5%), 0 = none; each judges closes only from its `*_set_on` date. */
  asell_above_bp: Generated<number>;
  asell_below_bp: Generated<number>;
  asell_date: string | null;
  above_set_on: string;
  below_set_on: string;
  date_set_on: string;
  status: Generated<'open' | 'completed'>;
  end_price: number | null;
  end_date: string | null;
  gain_cents: number | null;
  sold_by: 'manual' | 'target' | 'stop' | 'date' | 'limit' | null;
  sale_seen: Generated<number>;
  created_at: Generated<string>;
  /** The order that bought it (migration 0016); null for picks bought before orders waited for a close. */
  order_id: number | null;
}

/** The StockGurus Market Index (@app/shared/market-index): its level at each trading day's close. */
export interface MarketIndexTable {
  date: string;
  level: number;
  /** Companies in the day's step. */
  companies: number;
}

/** A buy or sell waiting for its close (migration 0016, decision 024); amounts in cents. */
export interface ContestOrdersTable {
  id: Generated<number>;
  game_id: Generated<number>;
  user_id: number;
  company_id: number;
  ticker: string;
  comp_name: string;
  side: 'buy' | 'sell';
  kind: 'market' | 'limit';
  lpoints_cents: number;
  pick_id: number | null;
  limit_price: number | null;
  good_until: string | null;
  asell_above_bp: Generated<number>;
  asell_below_bp: Generated<number>;
  /** Fills only at a close dated after this day. */
  fills_after: string;
  status: Generated<'pending' | 'filled' | 'cancelled' | 'expired'>;
  fill_price: number | null;
  fill_date: string | null;
  placed_at: string;
  closed_at: string | null;
}

/** A member's contest (migration 0018, decision 027); rules 0 = none, amounts in cents. */
export interface GamesTable {
  id: Generated<number>;
  name: string;
  creator_id: number | null;
  start_date: string;
  end_date: string;
  starting_points_cents: number;
  max_position_bp: Generated<number>;
  max_volume_bp: Generated<number>;
  min_price: Generated<number>;
  limit_orders: Generated<number>;
  private: Generated<number>;
  invite_code: string;
  final_date: string | null;
  created_at: Generated<string>;
}

export interface ContestValuationsTable {
  game_id: Generated<number>;
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

/** A member's named screen (migration 0017): `query` is the screener URL's parameters. */
export interface SavedScreensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  query: string;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}
