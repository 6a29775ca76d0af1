import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { testEngines } from '@app/db/testing';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestAppWithData } from '../../test-app.ts';
import { registerAccountDataProvider } from './account-data.ts';

let ip = 0;

// The steps build on each other (kim's edits, then lee's deletion), so they run in order.
describe.each(testEngines())('profile API on %s', (engine) => {
  describe('step by step', { shuffle: false }, () => {
    let t: TestAppWithData;
    const members: Record<string, { token: string; id: number }> = {};
    const auth = (name: string) => ({ authorization: `Bearer ${members[name]?.token}` });
    const update = (name: string, payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/users/details', payload, headers: auth(name) });

    beforeAll(async () => {
      t = await buildTestApp(engine);
      for (const name of ['kim', 'lee']) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          payload: { username: name, email: `${name}@example.com`, password: `${name}-pass` },
          remoteAddress: `10.2.0.${++ip}`,
        });
        members[name] = { token: res.json().token, id: res.json().me.userid };
      }
    });
    afterAll(async () => {
      await t?.close();
    });

    it('needs a signed-in member', async () => {
      expect((await t.app.inject('/api/users/details')).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: '/api/users/details', payload: {} })).statusCode).toBe(401);
    });

    it('changes only the fields sent and answers the whole profile', async () => {
      const res = await update('kim', { website: 'https://kim.example', country: 'Japan' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        username: 'kim',
        email: 'kim@example.com',
        website: 'https://kim.example',
        summary: '',
        country: 'Japan',
      });
      const again = await update('kim', { summary: 'Long-term investor.' });
      expect(again.json()).toMatchObject({
        website: 'https://kim.example',
        country: 'Japan',
        summary: 'Long-term investor.',
      });
    });

    it('checks each field', async () => {
      const cases: [object, string][] = [
        [{ website: 'javascript:alert(1)' }, 'Website must be an http:// or https:// address'],
        [{ website: `https://x.example/${'a'.repeat(200)}` }, 'Website must be at most 200 characters'],
        [{ country: 'Atlantis' }, 'Choose a country or region from the list'],
        [{ summary: 'x'.repeat(501) }, 'Summary must be at most 500 characters'],
        [
          { username: 'no spaces' },
          'Username must be 2-20 characters and contain only letters, numbers, and underscores',
        ],
        [{ email: 'nope', currentPassword: 'kim-pass' }, 'Enter a valid email address'],
      ];
      for (const [body, error] of cases) {
        const res = await update('kim', body);
        expect(res.statusCode).toBe(400);
        // The rule's own text, as the form shows it (API clients show `error`); `field` names the field.
        expect(res.json()).toEqual({ error, field: Object.keys(body)[0], code: 'BAD_REQUEST' });
      }
    });

    it('keeps username and e-mail unique across accounts, in any case', async () => {
      expect((await update('kim', { username: 'LEE' })).json().code).toBe('USERNAME_TAKEN');
      expect((await update('kim', { email: 'Lee@Example.com', currentPassword: 'kim-pass' })).json().code).toBe(
        'EMAIL_TAKEN',
      );
      // The member's own address in another case is no change: the password is not checked.
      const own = await update('kim', { username: 'Kim', email: 'KIM@example.com', currentPassword: 'x' });
      expect(own.json()).toMatchObject({ username: 'Kim', email: 'kim@example.com' });
    });

    it("never shows or changes another member's details", async () => {
      const spoof = await t.app.inject({
        url: '/api/users/details',
        headers: { ...auth('kim'), 'x-gurus-id': String(members.lee?.id) },
      });
      expect(spoof.statusCode).toBe(401);
      const change = await t.app.inject({
        method: 'POST',
        url: '/api/users/details',
        payload: { summary: 'hijacked' },
        headers: { ...auth('kim'), 'x-gurus-id': String(members.lee?.id) },
      });
      expect(change.statusCode).toBe(401);
      const lee = (await t.app.inject({ url: '/api/users/details', headers: auth('lee') })).json();
      expect(lee).toEqual({ username: 'lee', email: 'lee@example.com', website: '', summary: '', country: '' });
    });

    it('exports the profile with every registered provider part', async () => {
      registerAccountDataProvider({ key: 'probe', exportFor: async (_db, userId) => ({ userId }) });
      const res = await t.app.inject({ url: '/api/users/export', headers: auth('lee') });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="stockgurus-account.json"');
      expect(res.json()).toEqual({
        exportedAt: expect.any(String),
        profile: { username: 'lee', email: 'lee@example.com', website: '', summary: '', country: '' },
        privacy: { showOnLeaderboard: false, displayName: '' },
        probe: { userId: members.lee?.id },
        // The simulator's part, present in every export; empty for a member who never played.
        simulator: { contest_points: null, open_picks: [], pending_orders: [], history: [] },
        watchlists: [],
        savedScreens: [],
        alerts: { email_mode: 'each', alerts: [], notifications: [] },
      });
      expect(() => registerAccountDataProvider({ key: 'profile', exportFor: async () => null })).toThrow(/reserved/);
    });

    it('deletes the account after the password is re-entered; its tokens and resets go with it', async () => {
      await t.app.inject({ method: 'POST', url: '/api/auth/forgotpwd', payload: { email: 'lee@example.com' } });
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/users/delete',
        payload: { password: 'not-it' },
        headers: auth('lee'),
      });
      expect(wrong.statusCode).toBe(403);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/delete',
        payload: { password: 'lee-pass' },
        headers: auth('lee'),
      });
      expect(res.json()).toEqual({ message: 'Account deleted' });
      expect((await t.app.inject({ url: '/api/users/details', headers: auth('lee') })).statusCode).toBe(401);
      const resets = await t.app.db
        .selectFrom('password_resets')
        .select('user_id')
        .where('user_id', '=', members.lee?.id ?? 0)
        .execute();
      expect(resets).toEqual([]);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'lee@example.com', password: 'lee-pass' },
      });
      expect(login.statusCode).toBe(401);
    });
  });

  describe('e-mail changes, signing out, privacy', () => {
    let t: TestAppWithData;
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    const post = (url: string, payload: object, token?: string) =>
      t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: token ? bearer(token) : {},
        remoteAddress: `10.3.0.${++ip % 250}`,
      });
    const details = (token: string) => t.app.inject({ url: '/api/users/details', headers: bearer(token) });
    const signup = async (name: string) => {
      const res = await post('/api/auth/signup', {
        username: name,
        email: `${name}@example.com`,
        password: `${name}-pass`,
      });
      return res.json() as { token: string; me: { userid: number } };
    };
    const login = async (email: string, password: string) =>
      (await post('/api/auth/login', { email, password })).json().token as string;
    /** The newest outbox message (quoted-printable decoded). */
    const lastMail = () => {
      const dir = join(t.dataDir, 'outbox');
      const files = readdirSync(dir).sort();
      return readFileSync(join(dir, files.at(-1) as string), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    };

    beforeAll(async () => {
      t = await buildTestApp(engine);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('answers the profile with Cache-Control: no-store', async () => {
      const { token } = await signup('cora');
      const res = await details(token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const privacy = await t.app.inject({ url: '/api/users/privacy', headers: bearer(token) });
      expect(privacy.headers['cache-control']).toBe('private, no-store');
    });

    it('refuses unknown body fields with a 400 naming them', async () => {
      const { token } = await signup('uma');
      const res = await post('/api/users/details', { summary: 'hi', nickname: 'u', colour: 'red' }, token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: "Unknown body fields 'nickname', 'colour'",
        field: 'nickname',
        code: 'BAD_REQUEST',
      });
      expect((await details(token)).json().summary).toBe('');
      // Every route's body, sign-in included (decided once, in lib/strict-body.ts).
      const login = await post('/api/auth/login', { email: 'uma@example.com', password: 'uma-pass', otp: '1' });
      expect(login.json()).toEqual({ error: "Unknown body field 'otp'", field: 'otp', code: 'BAD_REQUEST' });
    });

    it('asks for the current password to change the e-mail address', async () => {
      const { token } = await signup('omar');
      const none = await post('/api/users/details', { email: 'omar2@example.com' }, token);
      expect(none.statusCode).toBe(400);
      expect(none.json()).toEqual({
        error: 'Enter your current password to change your email',
        field: 'currentPassword',
        code: 'BAD_REQUEST',
      });
      const wrong = await post('/api/users/details', { email: 'omar2@example.com', currentPassword: 'nope' }, token);
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toEqual({ error: 'Current password is incorrect', code: 'WRONG_PASSWORD' });
      expect((await details(token)).json().email).toBe('omar@example.com');
    });

    it('mails the old address a link that puts it back and signs out everywhere', async () => {
      const { token } = await signup('pia');
      const res = await post('/api/users/details', { email: 'Thief@Example.com', currentPassword: 'pia-pass' }, token);
      expect(res.statusCode).toBe(200);
      expect(res.json().email).toBe('thief@example.com');
      const mail = lastMail();
      expect(mail).toMatch(/^To: pia@example\.com$/m);
      expect(mail).toContain('thief@example.com');
      const link = /(https:\/\/example\.test\/revert-email\?token=([\w-]+))/.exec(mail);
      expect(link?.[1]).toBeTruthy();
      const revertToken = link?.[2] as string;
      // Whoever changed it signs in with the new address and asks for a reset link there.
      const thief = await login('thief@example.com', 'pia-pass');
      await post('/api/auth/forgotpwd', { email: 'thief@example.com' });
      const resetToken = /reset-password\?token=([\w-]+)/.exec(lastMail())?.[1] as string;

      const undo = await post('/api/users/revert-email', { token: revertToken });
      expect(undo.statusCode).toBe(200);
      expect(undo.json()).toEqual({ message: 'Your email address is restored and every session is signed out.' });
      for (const old of [token, thief]) expect((await details(old)).statusCode).toBe(401);
      const back = await login('pia@example.com', 'pia-pass');
      expect((await details(back)).json().email).toBe('pia@example.com');
      // The reset link mailed to the other address died with the sessions.
      expect((await post('/api/auth/resetpwd', { token: resetToken, password: 'taken-over' })).json().code).toBe(
        'INVALID_RESET_TOKEN',
      );
      // Single use.
      const again = await post('/api/users/revert-email', { token: revertToken });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({
        error: 'This link is invalid, already used or has expired.',
        code: 'INVALID_REVERT_TOKEN',
      });
    });

    it('keeps the link usable when the old address was taken meanwhile, and refuses an expired one', async () => {
      const { token } = await signup('quin');
      await post('/api/users/details', { email: 'quin2@example.com', currentPassword: 'quin-pass' }, token);
      const revertToken = /revert-email\?token=([\w-]+)/.exec(lastMail())?.[1] as string;
      const other = await post('/api/auth/signup', {
        username: 'quin_b',
        email: 'quin@example.com',
        password: 'secret1',
      });
      expect(other.statusCode).toBe(201);
      const taken = await post('/api/users/revert-email', { token: revertToken });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().code).toBe('EMAIL_TAKEN');
      // Nothing was used up: once the address is free again the link works.
      await post('/api/users/delete', { password: 'secret1' }, other.json().token);
      expect((await post('/api/users/revert-email', { token: revertToken })).statusCode).toBe(200);

      await post(
        '/api/users/details',
        { email: 'quin3@example.com', currentPassword: 'quin-pass' },
        await login('quin@example.com', 'quin-pass'),
      );
      const late = /revert-email\?token=([\w-]+)/.exec(lastMail())?.[1] as string;
      await t.app.db
        .updateTable('email_changes')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .execute();
      expect((await post('/api/users/revert-email', { token: late })).json().code).toBe('INVALID_REVERT_TOKEN');
    });

    it('ends the token on the server when signing out, and only that one', async () => {
      const { token } = await signup('rex');
      const other = await login('rex@example.com', 'rex-pass');
      const out = await post('/api/users/logout', {}, token);
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ message: 'Signed out' });
      expect((await details(token)).statusCode).toBe(401);
      expect((await post('/api/users/logout', {}, token)).statusCode).toBe(401);
      expect((await details(other)).statusCode).toBe(200);
    });

    it('signs out everywhere', async () => {
      const { token } = await signup('sue');
      const phone = await login('sue@example.com', 'sue-pass');
      const res = await post('/api/users/logout-all', {}, token);
      expect(res.json()).toEqual({ message: 'Signed out everywhere' });
      for (const old of [token, phone]) expect((await details(old)).statusCode).toBe(401);
      expect((await details(await login('sue@example.com', 'sue-pass'))).statusCode).toBe(200);
    });

    it('signs out a token from before tokens had ids by ending every session of the account', async () => {
      const { token, me } = await signup('ted');
      const legacy = await new SignJWT({ email: 'ted@example.com', ver: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(me.userid))
        .setIssuer('stockgurus')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('test-secret-that-is-long-enough-for-hs256-signing'));
      expect((await details(legacy)).statusCode).toBe(200);
      expect((await post('/api/users/logout', {}, legacy)).statusCode).toBe(200);
      for (const old of [legacy, token]) expect((await details(old)).statusCode).toBe(401);
    });

    it('keeps members off the leaderboard until they opt in, with a display name if they like', async () => {
      const { token } = await signup('vera');
      const get = async () => (await t.app.inject({ url: '/api/users/privacy', headers: bearer(token) })).json();
      expect(await get()).toEqual({ showOnLeaderboard: false, displayName: '' });
      const on = await post('/api/users/privacy', { showOnLeaderboard: true, displayName: '  Vera K. ' }, token);
      expect(on.json()).toEqual({ showOnLeaderboard: true, displayName: 'Vera K.' });
      const cleared = await post('/api/users/privacy', { displayName: '' }, token);
      expect(cleared.json()).toEqual({ showOnLeaderboard: true, displayName: '' });
      for (const displayName of ['x', 'a'.repeat(31), '<script>', ' - ']) {
        const bad = await post('/api/users/privacy', { displayName }, token);
        expect(bad.statusCode, displayName).toBe(400);
        expect(bad.json()).toEqual({
          error: "Display name must be 2-30 characters: letters, numbers, spaces, or . _ - '",
          field: 'displayName',
          code: 'BAD_REQUEST',
        });
      }
      expect((await t.app.inject({ url: '/api/users/privacy' })).statusCode).toBe(401);
    });

    it('lists the new account calls in the OpenAPI document', async () => {
      const doc = (await t.app.inject('/api/openapi.json')).json();
      for (const path of [
        '/api/users/logout',
        '/api/users/logout-all',
        '/api/users/revert-email',
        '/api/users/privacy',
      ]) {
        expect(doc.paths[path], path).toBeDefined();
      }
    });
  });
});
