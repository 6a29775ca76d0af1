import type { Db } from '@app/db/client';
import { dayJob } from '@app/db/day-job';
import type { AlertEmailMode, AlertKind, NotificationMailState } from '@app/db/schema';
import type { AlertRule, FilingFacts, Position } from './alerts.rules.ts';

/** Migration 0015. Reads of other modules' tables (closes, filings, positions) are batched per 500 companies. */

const PER_QUERY = 500;
function chunks<T>(items: readonly T[], size = PER_QUERY): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export interface StoredAlert extends AlertRule {
  ticker: string;
  compName: string;
  slug: string;
}

const alertColumns = [
  'a.id',
  'a.user_id',
  'a.company_id',
  'a.kind',
  'a.price_level',
  'a.percent_bp',
  'a.email',
  'a.created_on',
  'a.checked_through',
  'a.filed_through',
] as const;

type AlertRow = {
  id: number;
  user_id: number;
  company_id: number;
  kind: AlertKind;
  price_level: number | null;
  percent_bp: number | null;
  email: number;
  created_on: string;
  checked_through: string;
  filed_through: string;
};

const toRule = (r: AlertRow): AlertRule => ({
  id: r.id,
  userId: r.user_id,
  companyId: r.company_id,
  kind: r.kind,
  priceLevel: r.price_level === null ? null : Number(r.price_level),
  percentBp: r.percent_bp,
  email: Number(r.email) === 1,
  createdOn: r.created_on,
  checkedThrough: r.checked_through,
  filedThrough: r.filed_through,
});

function memberAlerts(db: Db, userId: number) {
  return db
    .selectFrom('alerts as a')
    .innerJoin('companies as c', 'c.id', 'a.company_id')
    .select([...alertColumns, 'c.ticker', 'c.name', 'c.slug'])
    .where('a.user_id', '=', userId);
}

export async function findAlerts(db: Db, userId: number): Promise<StoredAlert[]> {
  const rows = await memberAlerts(db, userId).orderBy('a.id').execute();
  return rows.map((r) => ({ ...toRule(r), ticker: r.ticker, compName: r.name, slug: r.slug }));
}

export async function findAlert(db: Db, userId: number, id: number): Promise<StoredAlert | null> {
  const r = await memberAlerts(db, userId).where('a.id', '=', id).executeTakeFirst();
  return r ? { ...toRule(r), ticker: r.ticker, compName: r.name, slug: r.slug } : null;
}

export async function countAlerts(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('alerts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertAlert(db: Db, alert: Omit<AlertRule, 'id' | 'checkedThrough'>): Promise<number> {
  const row = await db
    .insertInto('alerts')
    .values({
      user_id: alert.userId,
      company_id: alert.companyId,
      kind: alert.kind,
      price_level: alert.priceLevel,
      percent_bp: alert.percentBp,
      email: alert.email ? 1 : 0,
      created_on: alert.createdOn,
      checked_through: alert.createdOn,
      filed_through: alert.filedThrough,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteAlert(db: Db, userId: number, id: number): Promise<boolean> {
  const r = await db.deleteFrom('alerts').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

/** Sets the alert's e-mail flag; true when it changed (so an unsubscribe link works once). */
export async function setAlertEmail(db: Db, userId: number, id: number, email: boolean): Promise<boolean> {
  const r = await db
    .updateTable('alerts')
    .set({ email: email ? 1 : 0 })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('email', '=', email ? 0 : 1)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function findDueAlerts(db: Db, dataDate: string): Promise<AlertRule[]> {
  const rows = await db
    .selectFrom('alerts as a')
    .select(alertColumns)
    .where('a.checked_through', '<', dataDate)
    .execute();
  return rows.map(toRule);
}

export async function findFilingAlerts(db: Db): Promise<AlertRule[]> {
  const rows = await db.selectFrom('alerts as a').select(alertColumns).where('a.kind', '=', 'filing').execute();
  return rows.map(toRule);
}

export async function markChecked(db: Db, dataDate: string): Promise<void> {
  await db.updateTable('alerts').set({ checked_through: dataDate }).where('checked_through', '<', dataDate).execute();
}

export async function setFiledThrough(db: Db, ids: readonly number[], filed: string): Promise<void> {
  for (const part of chunks(ids)) {
    await db.updateTable('alerts').set({ filed_through: filed }).where('id', 'in', part).execute();
  }
}

export async function findOpenPositions(db: Db, companyIds: readonly number[]): Promise<Position[]> {
  const out: Position[] = [];
  for (const part of chunks([...new Set(companyIds)])) {
    const rows = await db
      .selectFrom('contest_picks')
      .select(['user_id', 'company_id', 'purchase_price', 'purchase_date'])
      .where('status', '=', 'open')
      .where('company_id', 'in', part)
      .execute();
    for (const r of rows) {
      out.push({
        userId: r.user_id,
        companyId: r.company_id,
        purchasePrice: Number(r.purchase_price),
        purchaseDate: r.purchase_date,
      });
    }
  }
  return out;
}

export async function findLastFiled(db: Db, companyId: number): Promise<string> {
  const row = await db
    .selectFrom('fundamentals')
    .select((eb) => eb.fn.max('filed').as('filed'))
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return (row?.filed as string | null | undefined) ?? '';
}

export async function findNewestFilings(db: Db, companyIds: readonly number[]): Promise<Map<number, FilingFacts>> {
  const out = new Map<number, FilingFacts>();
  for (const part of chunks([...new Set(companyIds)])) {
    const rows = await db
      .selectFrom('fundamentals')
      .select(['company_id', 'filed', 'form', 'fiscal_year', 'fiscal_period', 'period', 'revenue', 'net_income'])
      .where('company_id', 'in', part)
      .where('filed', 'is not', null)
      .orderBy('company_id')
      .orderBy('filed', 'desc')
      .orderBy('fiscal_year', 'desc')
      .execute();
    const byCompany = new Map<number, typeof rows>();
    for (const r of rows) {
      const list = byCompany.get(r.company_id) ?? [];
      list.push(r);
      byCompany.set(r.company_id, list);
    }
    for (const [companyId, list] of byCompany) {
      const newest = list[0];
      if (!newest?.filed) continue;
      const before = list.find(
        (r) =>
          r.period === newest.period &&
          r.fiscal_period === newest.fiscal_period &&
          r.fiscal_year === newest.fiscal_year - 1,
      );
      out.set(companyId, {
        filed: newest.filed,
        form: newest.form,
        fiscalYear: newest.fiscal_year,
        fiscalPeriod: newest.fiscal_period,
        revenue: newest.revenue === null ? null : Number(newest.revenue),
        netIncome: newest.net_income === null ? null : Number(newest.net_income),
        prevRevenue: before?.revenue == null ? null : Number(before.revenue),
        prevNetIncome: before?.net_income == null ? null : Number(before.net_income),
      });
    }
  }
  return out;
}

export async function findTickers(db: Db, companyIds: readonly number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (const part of chunks([...new Set(companyIds)])) {
    const rows = await db.selectFrom('companies').select(['id', 'ticker']).where('id', 'in', part).execute();
    for (const r of rows) out.set(r.id, r.ticker);
  }
  return out;
}

export interface NewNotification {
  userId: number;
  alertId: number;
  companyId: number;
  date: string;
  kind: AlertKind;
  message: string;
  mailState: NotificationMailState;
}

/** One per alert and day; answers how many were new. */
export async function insertNotifications(db: Db, rows: readonly NewNotification[]): Promise<number> {
  let inserted = 0;
  for (const part of chunks(rows, 200)) {
    const result = await db
      .insertInto('notifications')
      .values(
        part.map((n) => ({
          user_id: n.userId,
          alert_id: n.alertId,
          company_id: n.companyId,
          date: n.date,
          kind: n.kind,
          message: n.message,
          read_at: null,
          mail_state: n.mailState,
          created_at: new Date().toISOString(),
        })),
      )
      .onConflict((oc) => oc.columns(['alert_id', 'date']).doNothing())
      .executeTakeFirst();
    inserted += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return inserted;
}

export interface StoredNotification {
  id: number;
  alertId: number;
  ticker: string;
  compName: string;
  slug: string;
  date: string;
  kind: AlertKind;
  message: string;
  read: boolean;
}

export async function findNotifications(db: Db, userId: number, limit: number): Promise<StoredNotification[]> {
  const rows = await db
    .selectFrom('notifications as n')
    .innerJoin('companies as c', 'c.id', 'n.company_id')
    .select(['n.id', 'n.alert_id', 'c.ticker', 'c.name', 'c.slug', 'n.date', 'n.kind', 'n.message', 'n.read_at'])
    .where('n.user_id', '=', userId)
    .orderBy('n.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    alertId: r.alert_id,
    ticker: r.ticker,
    compName: r.name,
    slug: r.slug,
    date: r.date,
    kind: r.kind,
    message: r.message,
    read: r.read_at !== null,
  }));
}

export async function countUnread(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function markRead(db: Db, userId: number, ids: readonly number[] | 'all'): Promise<void> {
  let q = db
    .updateTable('notifications')
    .set({ read_at: new Date().toISOString() })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (ids !== 'all') {
    if (ids.length === 0) return;
    q = q.where('id', 'in', [...ids]);
  }
  await q.execute();
}

export async function findEmailMode(db: Db, userId: number): Promise<AlertEmailMode> {
  const row = await db
    .selectFrom('alert_settings')
    .select('email_mode')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.email_mode ?? 'each';
}

export async function findEmailModes(db: Db, userIds: readonly number[]): Promise<Map<number, AlertEmailMode>> {
  const out = new Map<number, AlertEmailMode>();
  for (const part of chunks([...new Set(userIds)])) {
    const rows = await db
      .selectFrom('alert_settings')
      .select(['user_id', 'email_mode'])
      .where('user_id', 'in', part)
      .execute();
    for (const r of rows) out.set(r.user_id, r.email_mode);
  }
  return out;
}

/** Saves the member's choice; true when it changed (so "unsubscribe from all" works once). */
export async function saveEmailMode(db: Db, userId: number, mode: AlertEmailMode): Promise<boolean> {
  const r = await db
    .insertInto('alert_settings')
    .values({ user_id: userId, email_mode: mode })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ email_mode: mode }).where('alert_settings.email_mode', '<>', mode),
    )
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

export interface PendingMail {
  id: number;
  userId: number;
  email: string;
  alertId: number;
  alertEmail: boolean;
  ticker: string;
  date: string;
  message: string;
}

export async function findPendingMail(db: Db): Promise<PendingMail[]> {
  const rows = await db
    .selectFrom('notifications as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .innerJoin('alerts as a', 'a.id', 'n.alert_id')
    .innerJoin('companies as c', 'c.id', 'n.company_id')
    .select(['n.id', 'n.user_id', 'u.email', 'n.alert_id', 'a.email as alert_email', 'c.ticker', 'n.date', 'n.message'])
    .where('n.mail_state', '=', 'pending')
    .orderBy('n.user_id')
    .orderBy('n.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    email: r.email,
    alertId: r.alert_id,
    alertEmail: Number(r.alert_email) === 1,
    ticker: r.ticker,
    date: r.date,
    message: r.message,
  }));
}

/** Answers the ids this call moved, so concurrent callers never both claim one. */
export async function moveMailState(
  db: Db,
  ids: readonly number[],
  from: NotificationMailState,
  to: NotificationMailState,
): Promise<number[]> {
  const moved: number[] = [];
  for (const part of chunks(ids)) {
    const rows = await db
      .updateTable('notifications')
      .set({ mail_state: to })
      .where('id', 'in', part)
      .where('mail_state', '=', from)
      .returning('id')
      .execute();
    moved.push(...rows.map((r) => r.id));
  }
  return moved;
}

export async function countMailsOn(db: Db, userId: number, date: string): Promise<number> {
  const row = await db
    .selectFrom('alert_mails')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('date', '=', date)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertMail(db: Db, userId: number, date: string): Promise<void> {
  await db.insertInto('alert_mails').values({ user_id: userId, date, sent_at: new Date().toISOString() }).execute();
}

// Lock numbers: the daily update 727_001, the simulator's day 727_002, the alerts' day 727_003.
const day = dayJob('alerts_day_done', 727_003);
const filings = dayJob('alerts_filings_done', 727_003);
export const findDayDone = day.findDone;
export const markDayDone = day.markDone;
export const withDayLock = day.withLock;
/** The last filings import judged (its time mark); the work runs under the day's lock. */
export const filingsJudged = { findDone: filings.findDone, markDone: filings.markDone };

export async function findExport(db: Db, userId: number) {
  const [alerts, notifications, mode] = await Promise.all([
    findAlerts(db, userId),
    findNotifications(db, userId, 10_000),
    findEmailMode(db, userId),
  ]);
  return { email_mode: mode, alerts, notifications };
}
