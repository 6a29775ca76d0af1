import type { AddressInfo } from 'node:net';
import { createDb, type DbHandle, type Engine } from '@app/db/client';
import { testEngines } from '@app/db/testing';
import { nextTradingDay } from '@app/market-data/calendar';
import { META_KEYS, setMeta } from '@app/market-data/meta';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../lib/mailer.ts';
import { buildTestApp, memberToken, type TestAppWithData } from '../../test-app.ts';
import { appendClose, holdPick, seedCompanies } from '../simulator/simulator.fixtures.ts';
import { deliverAlertMail, runAlertsDay, runFilingAlerts, unsubscribeKey } from './alerts.service.ts';

const DAY0 = '2026-11-16';
const DAY1 = nextTradingDay(DAY0);
const DAY2 = nextTradingDay(DAY1);
const SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

interface Received {
  to: string[];
  data: string;
}

let smtp: SMTPServer;
let smtpUrl = '';
const received: Received[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString('utf8');
      });
      stream.on('end', () => {
        // Unfolded headers, quoted-printable decoded: the text as a reader sees it.
        const text = data
          .replace(/\r\n[ \t]+/g, ' ')
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data: text });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

const mailTo = (email: string) => received.filter((m) => m.to.includes(email));

/** A site with two companies closing at 100 and 40 on DAY0, after a year of closes for 52-week alerts. */
async function site(engine: Engine) {
  const t = await buildTestApp(engine, {
    env: { SMTP_URL: smtpUrl, MAIL_FROM: 'StockGurus <alerts@example.test>' },
  });
  const history = (base: number) => [
    { date: '2026-01-05', close: base * 1.2 },
    { date: '2026-06-01', close: base * 0.8 },
    { date: DAY0, close: base },
  ];
  const ids = await seedCompanies(t.app.db, [
    { ticker: 'ACME', name: 'Acme Widgets Inc', closes: history(100) },
    { ticker: 'BOLT', name: 'Bolt Motors Corp', closes: history(40) },
  ]);
  const member = async () => {
    const m = await memberToken(t.app, `m${Math.random().toString(36).slice(2, 10)}@example.com`);
    const headers = { authorization: `Bearer ${m.token}` };
    const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    const alert = async (payload: object) => {
      const res = await call('POST', '/api/alerts', payload);
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: number };
    };
    return { ...m, headers, call, alert };
  };
  const close = (ticker: string, date: string, price: number) =>
    appendClose(t.app.db, ids.get(ticker) as number, date, price);
  /** What the daily update's notice does in each process: every new-closes handler, then the mail. */
  const newCloses = (dataDate: string) => t.app.notifyNewCloses({ dataDate, previous: null });
  return { t, ids, member, close, newCloses };
}

describe.each(testEngines())('alerts on %s', (engine) => {
  let t: TestAppWithData | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('are for members only, check their input naming the field, and are listed in OpenAPI', async () => {
    const s = await site(engine);
    t = s.t;
    expect((await s.t.app.inject('/api/alerts')).statusCode).toBe(401);
    expect((await s.t.app.inject('/api/alerts/notifications')).statusCode).toBe(401);
    const m = await s.member();
    const cases: [object, string][] = [
      [{ ticker: 'ACME', kind: 'price_above' }, 'level'],
      [{ ticker: 'ACME', kind: 'price_above', level: -1 }, 'level'],
      [{ ticker: 'ACME', kind: 'daily_move', percent: 0 }, 'percent'],
      [{ ticker: 'ACME', kind: 'daily_move', percent: 1.234 }, 'percent'],
      [{ ticker: 'ACME', kind: 'position', percent: -100 }, 'percent'],
      [{ ticker: 'ACME', kind: 'filing', level: 3 }, 'level'],
      [{ ticker: 'ACME', kind: 'sometimes' }, 'kind'],
      [{ kind: 'filing' }, 'ticker'],
    ];
    for (const [payload, field] of cases) {
      const res = await m.call('POST', '/api/alerts', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toContain(field);
    }
    expect((await m.call('POST', '/api/alerts', { ticker: 'NOPE', kind: 'filing' })).json().code).toBe(
      'UNKNOWN_TICKER',
    );
    expect((await m.call('PUT', '/api/alerts/settings', { email_mode: 'weekly' })).json().error).toContain(
      'email_mode',
    );

    const made = await m.alert({ ticker: 'acme', kind: 'price_above', level: 105 });
    expect((await m.call('GET', '/api/alerts')).json().alerts).toEqual([
      expect.objectContaining({
        id: made.id,
        ticker: 'ACME',
        kind: 'price_above',
        level: 105,
        percent: null,
        email: true,
        created_on: DAY0,
        description: 'ACME closes at or above $105.00',
      }),
    ]);
    const paths = Object.keys((await s.t.app.inject('/api/openapi.json')).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/alerts',
        '/api/alerts/{id}',
        '/api/alerts/notifications',
        '/api/alerts/notifications/read',
        '/api/alerts/settings',
        '/api/alerts/unsubscribe',
      ]),
    );
  });

  it("answers another member's alert as one that does not exist", async () => {
    const s = await site(engine);
    t = s.t;
    const [a, b] = [await s.member(), await s.member()];
    const made = await a.alert({ ticker: 'ACME', kind: 'filing' });
    expect((await b.call('PATCH', `/api/alerts/${made.id}`, { email: false })).statusCode).toBe(404);
    expect((await b.call('DELETE', `/api/alerts/${made.id}`)).statusCode).toBe(404);
    expect((await b.call('GET', '/api/alerts')).json()).toEqual({ alerts: [] });
    expect((await a.call('DELETE', `/api/alerts/${made.id}`)).statusCode).toBe(200);
  });

  it("an alert set after today's close does not fire on it, only on a later crossing", async () => {
    const s = await site(engine);
    t = s.t;
    const m = await s.member();
    await s.close('ACME', DAY1, 106);
    await m.alert({ ticker: 'ACME', kind: 'price_above', level: 105 });
    await m.alert({ ticker: 'ACME', kind: 'daily_move', percent: 5 });
    await s.newCloses(DAY1);
    expect((await m.call('GET', '/api/alerts/notifications')).json()).toEqual({ unread: 0, notifications: [] });
    await s.close('ACME', DAY2, 111.3);
    await s.newCloses(DAY2);
    const list = (await m.call('GET', '/api/alerts/notifications')).json();
    // 106 → 111.3 is +5.00%: the move fires; the price was above 105 already, so no crossing.
    expect(list.notifications.map((n: { kind: string; date: string }) => [n.kind, n.date])).toEqual([
      ['daily_move', DAY2],
    ]);
  });

  it('a gap day is judged on its own close when two new days arrive at once', async () => {
    const s = await site(engine);
    t = s.t;
    const m = await s.member();
    await m.alert({ ticker: 'ACME', kind: 'price_above', level: 105 });
    await m.alert({ ticker: 'ACME', kind: 'high_52w' });
    await m.alert({ ticker: 'ACME', kind: 'low_52w' });
    await s.close('ACME', DAY1, 106);
    await s.close('ACME', DAY2, 79);
    await s.newCloses(DAY2);
    const { notifications, unread } = (await m.call('GET', '/api/alerts/notifications')).json();
    expect(unread).toBe(2);
    expect(notifications.map((n: { kind: string; date: string }) => [n.kind, n.date]).sort()).toEqual([
      ['low_52w', DAY2],
      ['price_above', DAY1],
    ]);
    // Judged once: the next notice of the same day adds nothing.
    await s.newCloses(DAY2);
    expect((await m.call('GET', '/api/alerts/notifications')).json().unread).toBe(2);
    const read = await m.call('POST', '/api/alerts/notifications/read', { ids: [notifications[0].id] });
    expect(read.json().unread).toBe(1);
    expect((await m.call('POST', '/api/alerts/notifications/read', { all: true })).json().unread).toBe(0);
  });

  it('fires on a new filing with its revenue and net income change, and on a simulator position', async () => {
    const s = await site(engine);
    t = s.t;
    const m = await s.member();
    const acme = s.ids.get('ACME') as number;
    const filing = (filed: string, year: number, revenue: number, netIncome: number) =>
      s.t.app.db
        .insertInto('fundamentals')
        .values({
          company_id: acme,
          period: 'annual',
          period_start: `${year}-01-01`,
          period_end: `${year}-12-31`,
          fiscal_year: year,
          fiscal_period: 'FY',
          form: '10-K',
          filed,
          derived: 0,
          currency: 'USD',
          revenue,
          net_income: netIncome,
          cash: null,
          current_assets: null,
          total_assets: null,
          current_liabilities: null,
          long_term_liabilities: null,
          total_liabilities: null,
        })
        .execute();
    await filing('2025-02-20', 2024, 1000, 100);
    await m.alert({ ticker: 'ACME', kind: 'filing' });
    await holdPick(s.t.app.db, m.userId, 'ACME', 1000);
    await m.alert({ ticker: 'ACME', kind: 'position', percent: 10 });
    await filing(DAY1, 2025, 1200, 90);
    await s.close('ACME', DAY1, 110);
    await s.newCloses(DAY1);
    const messages = (await m.call('GET', '/api/alerts/notifications'))
      .json()
      .notifications.map((n: { message: string }) => n.message);
    expect(messages.sort()).toEqual([
      `ACME closed at $110.00 on ${DAY1}: your simulator position bought at $100.00 is +10.00% (alert at 10.00%)`,
      `ACME filed its 10-K for FY 2025 on ${DAY1}: revenue $1200.0M (+20.00% on a year before), net income $90.0M (-10.00% on a year before)`,
    ]);
  });

  it('fires a filing alert once when filings are imported between two trading days, however many processes see it', async () => {
    const s = await site(engine);
    t = s.t;
    const m = await s.member();
    await s.close('ACME', DAY1, 100);
    await s.newCloses(DAY1);
    await m.alert({ ticker: 'ACME', kind: 'filing' });
    await s.t.app.db
      .insertInto('fundamentals')
      .values({
        company_id: s.ids.get('ACME') as number,
        period: 'annual',
        period_start: '2025-01-01',
        period_end: '2025-12-31',
        fiscal_year: 2025,
        fiscal_period: 'FY',
        form: '10-K',
        filed: DAY1,
        derived: 0,
        currency: 'USD',
        revenue: 500,
        net_income: 50,
        cash: null,
        current_assets: null,
        total_assets: null,
        current_liabilities: null,
        long_term_liabilities: null,
        total_liabilities: null,
      })
      .execute();
    const importedAt = new Date().toISOString();
    await setMeta(s.t.app.db, META_KEYS.filingsImported, importedAt);
    // Two processes notice the same import; a third notices it again later.
    const [a, b] = await Promise.all([runFilingAlerts(s.t.app.db, importedAt), s.t.app.notifyNewFilings(importedAt)]);
    expect([a.ran, b]).toEqual([true, true]);
    expect((await runFilingAlerts(s.t.app.db, importedAt)).ran).toBe(false);
    const list = (await m.call('GET', '/api/alerts/notifications')).json();
    expect(list.notifications.map((n: { message: string; date: string }) => [n.date, n.message])).toEqual([
      [DAY1, `ACME filed its 10-K for FY 2025 on ${DAY1}: revenue $500.0M, net income $50.0M`],
    ]);
    expect(mailTo(m.email)).toHaveLength(1);
    // The next trading day does not tell of the same filing again.
    await s.close('ACME', DAY2, 101);
    await s.newCloses(DAY2);
    expect((await m.call('GET', '/api/alerts/notifications')).json().notifications).toHaveLength(1);
  });

  it('mails one message per alert or one daily digest, as the member chose, within the daily cap', async () => {
    const s = await site(engine);
    t = s.t;
    const [each, digest] = [await s.member(), await s.member()];
    expect((await digest.call('PUT', '/api/alerts/settings', { email_mode: 'digest' })).json()).toEqual({
      email_mode: 'digest',
      daily_cap: 10,
    });
    for (const m of [each, digest]) {
      await m.alert({ ticker: 'ACME', kind: 'price_above', level: 105 });
      await m.alert({ ticker: 'BOLT', kind: 'daily_move', percent: 10 });
    }
    await s.close('ACME', DAY1, 105);
    await s.close('BOLT', DAY1, 44);
    await s.newCloses(DAY1);
    const eachMail = mailTo(each.email);
    expect(eachMail).toHaveLength(2);
    expect(eachMail.map((m) => /Subject: (.*)/.exec(m.data)?.[1]).sort()).toEqual([
      `ACME: your alert fired on ${DAY1}`,
      `BOLT: your alert fired on ${DAY1}`,
    ]);
    const digestMail = mailTo(digest.email);
    expect(digestMail).toHaveLength(1);
    expect(digestMail[0]?.data).toContain(`Subject: Your alerts for ${DAY1}: 2 alerts fired`);
    expect(digestMail[0]?.data).toContain('crossing above $105.00');
    expect(digestMail[0]?.data).toContain('+10.00% on the day');
    expect(digestMail[0]?.data).toMatch(/List-Unsubscribe: <https:\/\/example\.test\/api\/alerts\/unsubscribe\?token=/);
    expect(digestMail[0]?.data).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    // The cap: past it, notifications stay in the menu and no message goes out that day.
    const capped = await s.member();
    await capped.alert({ ticker: 'ACME', kind: 'daily_move', percent: 1 });
    await capped.alert({ ticker: 'BOLT', kind: 'daily_move', percent: 1 });
    await s.close('ACME', DAY2, 120);
    await s.close('BOLT', DAY2, 50);
    await runAlertsDay(s.t.app.db, DAY2);
    const mailer = createMailer({ smtpUrl, from: 'alerts@example.test', outboxDir: '' });
    const deps = { mailer, siteUrl: 'https://example.test', key: unsubscribeKey(SECRET), cap: 1 };
    expect(await deliverAlertMail(s.t.app.db, deps)).toMatchObject({ capped: 1 });
    mailer.close();
    expect(mailTo(capped.email)).toHaveLength(1);
    expect((await capped.call('GET', '/api/alerts/notifications')).json().unread).toBe(2);
  });

  it("the unsubscribe link works once, signed out, and stops that alert's mail", async () => {
    const s = await site(engine);
    t = s.t;
    const m = await s.member();
    const made = await m.alert({ ticker: 'ACME', kind: 'daily_move', percent: 2 });
    await s.close('ACME', DAY1, 103);
    await s.newCloses(DAY1);
    const mail = mailTo(m.email);
    expect(mail).toHaveLength(1);
    const url = new URL(/List-Unsubscribe: <([^>]+)>/.exec(mail[0]?.data ?? '')?.[1] ?? '');
    expect(mail[0]?.data).toContain(`https://example.test/alerts/unsubscribe${url.search}`);
    const first = await s.t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ unsubscribed: true, scope: 'alert' });
    const again = await s.t.app.inject(`${url.pathname}${url.search}`);
    expect(again.json()).toMatchObject({ unsubscribed: false, scope: 'alert' });
    const forged = await s.t.app.inject(`${url.pathname}${url.search.replace(/\.\w/, '.X')}x`);
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error).toContain('token');
    expect((await m.call('GET', '/api/alerts')).json().alerts).toEqual([
      expect.objectContaining({ id: made.id, email: false }),
    ]);

    await s.close('ACME', DAY2, 110);
    await s.newCloses(DAY2);
    expect((await m.call('GET', '/api/alerts/notifications')).json().unread).toBe(2);
    expect(mailTo(m.email)).toHaveLength(1);
  });

  it('is in the account export, and deleting the account removes it', async () => {
    const s = await site(engine);
    t = s.t;
    const res = await s.t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { username: 'ali', email: 'ali@example.com', password: 'ali-pass-1' },
    });
    const headers = { authorization: `Bearer ${res.json().token}` };
    await s.t.app.inject({
      method: 'POST',
      url: '/api/alerts',
      headers,
      payload: { ticker: 'ACME', kind: 'daily_move', percent: 1 },
    });
    await s.close('ACME', DAY1, 110);
    await s.newCloses(DAY1);
    const exported = (await s.t.app.inject({ url: '/api/users/export', headers })).json();
    expect(exported.alerts.alerts).toHaveLength(1);
    expect(exported.alerts.notifications).toHaveLength(1);
    await s.t.app.inject({ method: 'POST', url: '/api/users/delete', headers, payload: { password: 'ali-pass-1' } });
    for (const table of ['alerts', 'notifications', 'alert_mails'] as const) {
      expect(await s.t.app.db.selectFrom(table).select('id').execute(), table).toEqual([]);
    }
  });

  it('two evaluators of the same day deliver once', async () => {
    const s = await site(engine);
    t = s.t;
    const m = await s.member();
    await m.alert({ ticker: 'ACME', kind: 'price_above', level: 105 });
    await s.close('ACME', DAY1, 106);
    // A second process on the same database (PostgreSQL); SQLite serves one process, so its
    // evaluators race inside this one.
    let second: DbHandle | null = null;
    let otherDb = s.t.app.db;
    if (engine === 'postgres') {
      const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(s.t.app.db)).rows[0]?.s as string;
      second = createDb({
        engine: 'postgres',
        connectionString: process.env.TEST_DATABASE_URL as string,
        searchPath: schema,
        maxConnections: 4,
      });
      otherDb = second.db;
    }
    try {
      const mailer = createMailer({ smtpUrl, from: 'alerts@example.test', outboxDir: '' });
      const deps = { mailer, siteUrl: 'https://example.test', key: unsubscribeKey(SECRET) };
      const runs = await Promise.all(
        [s.t.app.db, otherDb, s.t.app.db, otherDb].map(async (db) => {
          const day = await runAlertsDay(db, DAY1);
          const mail = await deliverAlertMail(db, deps);
          return { day, mail };
        }),
      );
      mailer.close();
      expect(runs.filter((r) => r.day.ran)).toEqual([
        { day: { ran: true, judged: 1, fired: 1 }, mail: expect.anything() },
      ]);
      expect(runs.reduce((n, r) => n + r.mail.sent, 0)).toBe(1);
      expect(mailTo(m.email)).toHaveLength(1);
      expect((await m.call('GET', '/api/alerts/notifications')).json().unread).toBe(1);
    } finally {
      await second?.close();
    }
  });
});
