import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '@app/db/client';
import type { AlertEmailMode, NotificationMailState } from '@app/db/schema';
import { writeTransaction } from '@app/db/transaction';
import {
  ALERT_LIMITS,
  type Alert,
  type AlertsResponse,
  type CreateAlertRequest,
  DAILY_MAIL_CAP,
  type NotificationsResponse,
  percentToBp,
  type UnsubscribeResponse,
} from '@app/shared/alerts';
import { addDays } from '@app/shared/trading-day';
import { currentDataDate } from '../../lib/data-date.ts';
import { badRequest, conflict, notFound, unknownTicker } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { marketQuotes } from '../companies/companies.service.ts';
import {
  countAlerts,
  countMailsOn,
  countUnread,
  deleteAlert,
  filingsJudged,
  findAlert,
  findAlerts,
  findDayDone,
  findDueAlerts,
  findEmailMode,
  findEmailModes,
  findExport,
  findFilingAlerts,
  findLastFiled,
  findNewestFilings,
  findNotifications,
  findOpenPositions,
  findPendingMail,
  findTickers,
  insertAlert,
  insertMail,
  insertNotifications,
  markChecked,
  markDayDone,
  markRead,
  moveMailState,
  type NewNotification,
  type PendingMail,
  type StoredAlert,
  saveEmailMode,
  setAlertEmail,
  setFiledThrough,
  withDayLock,
} from './alerts.repository.ts';
import {
  type AlertRule,
  type DayFacts,
  describeAlert,
  type FilingFacts,
  filingMessage,
  judgeDay,
  type Position,
} from './alerts.rules.ts';

const missing = () => notFound('Alert not found');

function toWire(a: StoredAlert): Alert {
  return {
    id: a.id,
    ticker: a.ticker,
    comp_name: a.compName,
    slug: a.slug,
    kind: a.kind,
    level: a.priceLevel,
    percent: a.percentBp === null ? null : a.percentBp / 100,
    email: a.email,
    created_on: a.createdOn,
    description: describeAlert(a.ticker, a),
  };
}

export async function listAlerts(db: Db, userId: number): Promise<AlertsResponse> {
  return { alerts: (await findAlerts(db, userId)).map(toWire) };
}

/** Judges only closes after the data date it is set on; a filing alert knows the filings already held. */
export async function createAlert(db: Db, userId: number, body: CreateAlertRequest): Promise<Alert> {
  const company = await marketQuotes.byTicker(db, body.ticker);
  if (!company) throw unknownTicker(body.ticker);
  // Before any data is loaded: today, so the first closes loaded later are not judged either.
  const createdOn = (await currentDataDate(db, { fresh: true })) ?? new Date().toISOString().slice(0, 10);
  const filedThrough = body.kind === 'filing' ? await findLastFiled(db, company.companyId) : '';
  const id = await writeTransaction(db, async (trx) => {
    if ((await countAlerts(trx, userId)) >= ALERT_LIMITS.perMember) {
      throw conflict(`A member keeps at most ${ALERT_LIMITS.perMember} alerts`);
    }
    return insertAlert(trx, {
      userId,
      companyId: company.companyId,
      kind: body.kind,
      priceLevel: body.level ?? null,
      percentBp: body.percent === undefined ? null : percentToBp(body.percent),
      email: body.email ?? true,
      createdOn,
      filedThrough,
    });
  });
  return toWire((await findAlert(db, userId, id)) as StoredAlert);
}

export async function setEmail(db: Db, userId: number, id: number, email: boolean): Promise<Alert> {
  const alert = await findAlert(db, userId, id);
  if (!alert) throw missing();
  await setAlertEmail(db, userId, id, email);
  return toWire({ ...alert, email });
}

export async function removeAlert(db: Db, userId: number, id: number): Promise<void> {
  if (!(await deleteAlert(db, userId, id))) throw missing();
}

const NOTIFICATIONS_SHOWN = 50;

export async function getNotifications(db: Db, userId: number): Promise<NotificationsResponse> {
  const [items, unread] = await Promise.all([
    findNotifications(db, userId, NOTIFICATIONS_SHOWN),
    countUnread(db, userId),
  ]);
  return {
    unread,
    notifications: items.map((n) => ({
      id: n.id,
      alert_id: n.alertId,
      ticker: n.ticker,
      comp_name: n.compName,
      slug: n.slug,
      date: n.date,
      kind: n.kind,
      message: n.message,
      read: n.read,
    })),
  };
}

export async function readNotifications(db: Db, userId: number, ids: number[] | 'all'): Promise<NotificationsResponse> {
  await markRead(db, userId, ids);
  return getNotifications(db, userId);
}

export async function getSettings(db: Db, userId: number) {
  return { email_mode: await findEmailMode(db, userId), daily_cap: DAILY_MAIL_CAP };
}

export async function saveSettings(db: Db, userId: number, mode: AlertEmailMode) {
  await saveEmailMode(db, userId, mode);
  return getSettings(db, userId);
}

export const exportAlerts = (db: Db, userId: number) => findExport(db, userId);

/** Closes reach back this far before the first day judged: the close before it, or a 52-week window. */
const LOOKBACK_DAYS = 14;
const YEAR_DAYS = 364;

const is52 = (a: AlertRule) => a.kind === 'high_52w' || a.kind === 'low_52w';

function mailStateOf(alert: AlertRule, modes: ReadonlyMap<number, AlertEmailMode>): NotificationMailState {
  return alert.email && (modes.get(alert.userId) ?? 'each') !== 'off' ? 'pending' : 'none';
}

/**
 * A missed day (a server down over a close) is judged on its own close; a unique key keeps one
 * notification per alert and day, so a second run inserts none.
 */
export async function evaluateAlerts(db: Db, dataDate: string): Promise<{ judged: number; fired: number }> {
  const due = await findDueAlerts(db, dataDate);
  if (due.length === 0) return { judged: 0, fired: 0 };
  const priced = due.filter((a) => a.kind !== 'filing');
  const filings = due.filter((a) => a.kind === 'filing');

  const firstDays = new Map<number, string>();
  for (const a of priced) {
    const from = addDays(a.checkedThrough, -(is52(a) ? YEAR_DAYS + LOOKBACK_DAYS : LOOKBACK_DAYS));
    const known = firstDays.get(a.companyId);
    if (!known || from < known) firstDays.set(a.companyId, from);
  }
  const positionCompanies = priced.filter((a) => a.kind === 'position').map((a) => a.companyId);
  const [closes, positionList, tickers, modes, newest] = await Promise.all([
    marketQuotes.closesFrom(db, firstDays, dataDate),
    positionCompanies.length ? findOpenPositions(db, positionCompanies) : Promise.resolve([] as Position[]),
    findTickers(
      db,
      due.map((a) => a.companyId),
    ),
    findEmailModes(
      db,
      due.map((a) => a.userId),
    ),
    filings.length
      ? findNewestFilings(
          db,
          filings.map((a) => a.companyId),
        )
      : Promise.resolve(new Map()),
  ]);
  const positions = new Map<string, Position[]>();
  for (const p of positionList) {
    const key = `${p.userId}:${p.companyId}`;
    positions.set(key, [...(positions.get(key) ?? []), p]);
  }

  const fired: NewNotification[] = [];
  for (const alert of priced) {
    const list = closes.get(alert.companyId) ?? [];
    const ticker = tickers.get(alert.companyId) ?? '';
    const held = alert.kind === 'position' ? (positions.get(`${alert.userId}:${alert.companyId}`) ?? []) : [];
    if (alert.kind === 'position' && held.length === 0) continue;
    for (let i = 0; i < list.length; i++) {
      const point = list[i] as { date: string; close: number };
      // Only days after the last one judged, and never the day the alert was set or before it.
      if (point.date <= alert.checkedThrough || point.date <= alert.createdOn) continue;
      // A close that is no price (a data error) judges nothing, and is no day before either.
      if (!(point.close > 0)) continue;
      const prevClose = list[i - 1]?.close ?? null;
      const facts: DayFacts = {
        date: point.date,
        close: point.close,
        prevClose: prevClose !== null && prevClose > 0 ? prevClose : null,
        high52: null,
        low52: null,
      };
      if (is52(alert)) {
        const start = addDays(point.date, -YEAR_DAYS);
        for (let j = i - 1; j >= 0 && (list[j] as { date: string }).date >= start; j--) {
          const c = (list[j] as { close: number }).close;
          if (!(c > 0)) continue;
          facts.high52 = facts.high52 === null ? c : Math.max(facts.high52, c);
          facts.low52 = facts.low52 === null ? c : Math.min(facts.low52, c);
        }
      }
      const message = judgeDay(ticker, alert, facts, held);
      if (message) {
        fired.push({
          userId: alert.userId,
          alertId: alert.id,
          companyId: alert.companyId,
          date: point.date,
          kind: alert.kind,
          message,
          mailState: mailStateOf(alert, modes),
        });
      }
    }
  }

  const filed = judgeFilings(filings, newest, tickers, modes, dataDate);
  const inserted = await insertNotifications(db, [...fired, ...filed.fired]);
  for (const [date, ids] of filed.filedThrough) await setFiledThrough(db, ids, date);
  await markChecked(db, dataDate);
  return { judged: due.length, fired: inserted };
}

/** A filing alert fires when its company's newest filing is newer than the one it knew. */
function judgeFilings(
  alerts: readonly AlertRule[],
  newest: ReadonlyMap<number, FilingFacts>,
  tickers: ReadonlyMap<number, string>,
  modes: ReadonlyMap<number, AlertEmailMode>,
  dataDate: string,
): { fired: NewNotification[]; filedThrough: Map<string, number[]> } {
  const fired: NewNotification[] = [];
  const filedThrough = new Map<string, number[]>();
  for (const alert of alerts) {
    const filing = newest.get(alert.companyId);
    if (!filing || filing.filed <= alert.filedThrough) continue;
    fired.push({
      userId: alert.userId,
      alertId: alert.id,
      companyId: alert.companyId,
      date: dataDate,
      kind: 'filing',
      message: filingMessage(tickers.get(alert.companyId) ?? '', filing),
      mailState: mailStateOf(alert, modes),
    });
    filedThrough.set(filing.filed, [...(filedThrough.get(filing.filed) ?? []), alert.id]);
  }
  return { fired, filedThrough };
}

/**
 * Filing alerts between two trading days: an import of filings (another process) moves its time
 * mark, and the alerts fire under the same lock as the day's, dated the current data date. Each
 * import time is judged once across processes.
 */
export function runFilingAlerts(db: Db, importedAt: string): Promise<AlertsDay> {
  return withDayLock(db, async () => {
    const done = await filingsJudged.findDone(db);
    if (done && done >= importedAt) return { ran: false };
    const dataDate = await currentDataDate(db, { fresh: true });
    if (dataDate === null) return { ran: false };
    const alerts = await findFilingAlerts(db);
    const companyIds = alerts.map((a) => a.companyId);
    const [newest, tickers, modes] = await Promise.all([
      alerts.length ? findNewestFilings(db, companyIds) : Promise.resolve(new Map<number, FilingFacts>()),
      findTickers(db, companyIds),
      findEmailModes(
        db,
        alerts.map((a) => a.userId),
      ),
    ]);
    const filed = judgeFilings(alerts, newest, tickers, modes, dataDate);
    const inserted = await insertNotifications(db, filed.fired);
    for (const [date, ids] of filed.filedThrough) await setFiledThrough(db, ids, date);
    await filingsJudged.markDone(db, importedAt);
    return { ran: true, judged: alerts.length, fired: inserted };
  });
}

export type AlertsDay = { ran: false } | { ran: true; judged: number; fired: number };

/**
 * Once per data date across processes (a lock and a done mark, as the simulator's day); a failed day is
 * not marked, so it runs again.
 */
export function runAlertsDay(db: Db, dataDate: string): Promise<AlertsDay> {
  return withDayLock(db, async () => {
    const done = await findDayDone(db);
    if (done && done >= dataDate) return { ran: false };
    const result = await evaluateAlerts(db, dataDate);
    await markDayDone(db, dataDate);
    return { ran: true, ...result };
  });
}

export interface AlertMailDeps {
  mailer: Mailer;
  siteUrl: string;
  key: string;
  cap?: number;
}

export const unsubscribeKey = (secret: string) =>
  createHmac('sha256', secret).update('alert-unsubscribe').digest('base64url');

const signature = (key: string, userId: number, alertId: number) =>
  createHmac('sha256', key).update(`unsubscribe:${userId}:${alertId}`).digest('base64url');

/** Alert id 0 stands for every alert e-mail (a digest's link). */
export function unsubscribeToken(key: string, userId: number, alertId: number): string {
  return `${userId}.${alertId}.${signature(key, userId, alertId)}`;
}

function verifyToken(key: string, token: string): { userId: number; alertId: number } | null {
  const m = /^(\d{1,10})\.(\d{1,10})\.([\w-]{43})$/.exec(token);
  if (!m) return null;
  const userId = Number(m[1]);
  const alertId = Number(m[2]);
  const expected = Buffer.from(signature(key, userId, alertId));
  const given = Buffer.from(m[3] as string);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { userId, alertId } : null;
}

/** One click, no sign-in: stops e-mail for one alert, or every alert e-mail (a digest's link). Works once. */
export async function unsubscribe(db: Db, key: string, token: string): Promise<UnsubscribeResponse> {
  const claim = verifyToken(key, token);
  if (!claim) throw badRequest('token is not a valid unsubscribe link');
  if (claim.alertId === 0) {
    const changed = await saveEmailMode(db, claim.userId, 'off');
    return {
      unsubscribed: changed,
      scope: 'all',
      message: changed
        ? 'You will no longer receive alert e-mails.'
        : 'You had already unsubscribed from alert e-mails.',
    };
  }
  const changed = await setAlertEmail(db, claim.userId, claim.alertId, false);
  return {
    unsubscribed: changed,
    scope: 'alert',
    message: changed
      ? 'You will no longer receive e-mails for this alert. It still shows in your notifications.'
      : 'You had already unsubscribed from this alert, or it no longer exists.',
  };
}

function unsubscribeUrl(deps: AlertMailDeps, userId: number, alertId: number): string {
  return `${deps.siteUrl}/api/alerts/unsubscribe?token=${unsubscribeToken(deps.key, userId, alertId)}`;
}

function composeMail(deps: AlertMailDeps, rows: readonly PendingMail[], digest: boolean) {
  const first = rows[0] as PendingMail;
  const alertId = digest ? 0 : first.alertId;
  // The header's link is the API's (RFC 8058 one-click POST); the text's opens a page saying it is done.
  const url = unsubscribeUrl(deps, first.userId, alertId);
  const pageUrl = `${deps.siteUrl}/alerts/unsubscribe?token=${unsubscribeToken(deps.key, first.userId, alertId)}`;
  const subject = digest
    ? `Your alerts for ${first.date}: ${rows.length} ${rows.length === 1 ? 'alert' : 'alerts'} fired`
    : `${first.ticker}: your alert fired on ${first.date}`;
  const stop = digest
    ? `Stop all alert e-mails (no sign-in needed): ${pageUrl}`
    : `Stop e-mails for this alert (no sign-in needed): ${pageUrl}`;
  const text = [
    ...rows.map((r) => `- ${r.message}`),
    '',
    `Your notifications and watchlists: ${deps.siteUrl}/watchlists`,
    '',
    stop,
    '',
  ].join('\n');
  return {
    to: first.email,
    subject,
    text,
    headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/**
 * One per notification or a daily digest, as the member chose, capped per member and day. Each is claimed
 * by a conditional update before sending, so two processes never send it twice.
 */
export async function deliverAlertMail(
  db: Db,
  deps: AlertMailDeps,
  log?: { error: (obj: object, msg: string) => void },
): Promise<{ sent: number; capped: number }> {
  const pending = await findPendingMail(db);
  if (pending.length === 0) return { sent: 0, capped: 0 };
  const cap = deps.cap ?? DAILY_MAIL_CAP;
  const byUser = new Map<number, PendingMail[]>();
  for (const p of pending) byUser.set(p.userId, [...(byUser.get(p.userId) ?? []), p]);
  const modes = await findEmailModes(db, [...byUser.keys()]);
  let sent = 0;
  let capped = 0;
  for (const [userId, rows] of byUser) {
    const mode = modes.get(userId) ?? 'each';
    const ids = rows.map((r) => r.id);
    if (mode === 'off') {
      await moveMailState(db, ids, 'pending', 'none');
      continue;
    }
    const claimed = new Set(await moveMailState(db, ids, 'pending', 'sending'));
    const mine = rows.filter((r) => claimed.has(r.id));
    // An alert unsubscribed after it fired sends nothing more (its digest rows still go in a digest).
    const unwanted = mode === 'each' ? mine.filter((r) => !r.alertEmail) : [];
    if (unwanted.length)
      await moveMailState(
        db,
        unwanted.map((r) => r.id),
        'sending',
        'none',
      );
    const wanted = mine.filter((r) => !unwanted.includes(r));
    const messages: PendingMail[][] = [];
    if (mode === 'digest') {
      const byDate = new Map<string, PendingMail[]>();
      for (const r of wanted) byDate.set(r.date, [...(byDate.get(r.date) ?? []), r]);
      messages.push(...byDate.values());
    } else messages.push(...wanted.map((r) => [r]));
    for (const message of messages) {
      const first = message[0] as PendingMail;
      const messageIds = message.map((r) => r.id);
      if ((await countMailsOn(db, userId, first.date)) >= cap) {
        capped += (await moveMailState(db, messageIds, 'sending', 'capped')).length;
        continue;
      }
      try {
        await deps.mailer.send(composeMail(deps, message, mode === 'digest'));
      } catch (err) {
        log?.error({ err, userId }, 'sending an alert e-mail failed');
        await moveMailState(db, messageIds, 'sending', 'pending');
        continue;
      }
      await insertMail(db, userId, first.date);
      await moveMailState(db, messageIds, 'sending', 'sent');
      sent += 1;
    }
  }
  return { sent, capped };
}
