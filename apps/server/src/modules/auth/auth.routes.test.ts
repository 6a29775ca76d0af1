import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { testEngines } from '@app/db/testing';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestAppWithData } from '../../test-app.ts';
import { FORGOT_PASSWORD_ANSWER } from './auth.routes.ts';

let ipCounter = 0;
/** A fresh client address per call, so per-client limits only bite where a test means them to. */
const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

describe.each(testEngines())('account API on %s', (engine) => {
  let t: TestAppWithData;
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}, ip = freshIp()) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: ip });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const signup = (username: string, email: string, password = 'secret1') =>
    post('/api/auth/signup', { username, email, password });
  const login = (email: string, password: string, ip?: string) => post('/api/auth/login', { email, password }, {}, ip);
  const outbox = () => {
    try {
      return readdirSync(join(t.dataDir, 'outbox')).sort();
    } catch {
      return [];
    }
  };
  /** The reset link of the newest outbox message. */
  const lastResetToken = () => {
    const files = outbox();
    const text = readFileSync(join(t.dataDir, 'outbox', files[files.length - 1] as string), 'utf8');
    const match = /reset-password\?token=([\w-]+)/.exec(decodeQuotedPrintable(text));
    if (!match?.[1]) throw new Error(`no link in ${text}`);
    return match[1];
  };

  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('sign-up', () => {
    it('creates an account and answers like sign-in', async () => {
      const res = await signup('Ann_1', 'Ann@Example.com');
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toEqual({ me: { userid: expect.any(Number), email: 'ann@example.com' }, token: expect.any(String) });
      const me = await t.app.inject({ url: '/api/users/details', headers: bearer(body.token) });
      expect(me.json()).toEqual({ username: 'Ann_1', email: 'ann@example.com', website: '', summary: '', country: '' });
    });

    it('refuses a username taken in another case and an e-mail taken in another case', async () => {
      await signup('Bob_2', 'bob@example.com');
      const name = await signup('bOB_2', 'other@example.com');
      expect(name.statusCode).toBe(409);
      expect(name.json()).toEqual({ error: 'This username is taken', code: 'USERNAME_TAKEN' });
      const email = await signup('bob_other', ' BOB@example.COM ');
      expect(email.statusCode).toBe(409);
      expect(email.json()).toEqual({ error: 'An account with this email already exists', code: 'EMAIL_TAKEN' });
    });

    it('checks the SPEC §5 rules in order, naming the field', async () => {
      const cases: [object, string, string][] = [
        [{ email: '', password: '' }, 'username', 'Username is required'],
        [
          { username: 'a', email: '', password: '' },
          'username',
          'Username must be 2-20 characters and contain only letters, numbers, and underscores',
        ],
        [{ username: 'ok_name', email: '', password: '' }, 'email', 'Email is required'],
        [{ username: 'ok_name', email: 'not-an-address', password: 'secret1' }, 'email', 'Enter a valid email address'],
        [
          { username: 'ok_name', email: 'ok@example.com', password: '12345' },
          'password',
          'Password must be at least 6 characters',
        ],
      ];
      for (const [body, field, message] of cases) {
        const res = await post('/api/auth/signup', body);
        expect(res.statusCode).toBe(400);
        // The SPEC §5 text itself, as forms show it; `field` names the field.
        expect(res.json()).toEqual({ error: message, field, code: 'BAD_REQUEST' });
      }
    });

    it('lets a class of 40 sign up behind one address in an hour, then stops the next', async () => {
      const ip = '10.9.9.9';
      const make = (i: number) =>
        post(
          '/api/auth/signup',
          { username: `pupil_${i}`, email: `pupil${i}@example.com`, password: 'secret1' },
          {},
          ip,
        );
      const answers = [];
      // Five at a time: a classroom, not one request after another.
      for (let i = 0; i < 40; i += 5) {
        answers.push(...(await Promise.all([0, 1, 2, 3, 4].map((k) => make(i + k)))));
      }
      expect(answers.map((r) => r.statusCode)).toEqual(Array(40).fill(201));
      const res = await make(40);
      expect(res.statusCode).toBe(429);
      expect(res.json().error).toMatch(
        /^Too many accounts created from your network\. Please try again in \d+ minutes\.$/,
      );
    }, 60_000);
  });

  describe('sign-in', () => {
    beforeAll(async () => {
      await signup('carol', 'carol@example.com', 'carol-pass');
    });

    it('answers {me, token} for the right password, whatever the case of the address', async () => {
      const res = await login(' CAROL@example.com', 'carol-pass');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        me: { userid: expect.any(Number), email: 'carol@example.com' },
        token: expect.any(String),
      });
    });

    it('gives one message for a wrong password and an unknown address', async () => {
      const wrong = await login('carol@example.com', 'nope-nope');
      const unknown = await login('nobody@example.com', 'carol-pass');
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({
          error: 'Invalid email or password. Please try again.',
          code: 'INVALID_CREDENTIALS',
        });
      }
    });

    it('also answers at /auth/login, /auth/signup, /auth/google and /auth/forgotpwd (SPEC §7)', async () => {
      expect((await post('/auth/login', { email: 'carol@example.com', password: 'carol-pass' })).statusCode).toBe(200);
      expect(
        (await post('/auth/signup', { username: 'alias_1', email: 'alias1@example.com', password: 'secret1' }))
          .statusCode,
      ).toBe(201);
      expect((await post('/auth/forgotpwd', { email: 'none@example.com' })).json()).toEqual({
        message: FORGOT_PASSWORD_ANSWER,
      });
      expect((await post('/auth/google', {})).json()).toEqual({
        error: 'Missing Google ID token',
        field: 'token',
        code: 'BAD_REQUEST',
      });
    });

    it("never lets an attacker's failures from one network block the owner's password from another", async () => {
      await signup('dave', 'dave@example.com', 'dave-pass');
      const attacker = '10.7.7.7';
      for (let i = 0; i < 10; i++)
        expect((await login('dave@example.com', `guess-${i}`, attacker)).statusCode).toBe(401);
      // That network is now held back on this account, even with the right password...
      const held = await login('DAVE@example.com', 'dave-pass', attacker);
      expect(held.statusCode).toBe(429);
      expect(held.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(held.json().error).toMatch(
        /^Too many sign-in attempts for this account\. Please try again in 1[45] minutes\.$/,
      );
      expect(held.headers['retry-after']).toMatch(/^\d+$/);
      // ...while the owner, elsewhere, signs in.
      expect((await login('dave@example.com', 'dave-pass', '10.6.6.6')).statusCode).toBe(200);
    });

    it('under attack from many networks, holds back the failing ones and still lets the owner in', async () => {
      await signup('dana', 'dana@example.com', 'dana-pass');
      // 25 networks guess once each: more failures than the account allows from everywhere.
      for (let i = 0; i < 25; i++) {
        expect((await login('dana@example.com', `guess-${i}`, `10.5.0.${i + 1}`)).statusCode).toBe(401);
      }
      const attacker = '10.5.1.1';
      for (let i = 0; i < 3; i++) expect((await login('dana@example.com', `more-${i}`, attacker)).statusCode).toBe(401);
      expect((await login('dana@example.com', 'more-4', attacker)).statusCode).toBe(429);
      // The owner from a network of their own: two typos, then the password.
      const owner = '10.5.2.2';
      expect((await login('dana@example.com', 'dana-pas', owner)).statusCode).toBe(401);
      expect((await login('dana@example.com', 'Dana-pass', owner)).statusCode).toBe(401);
      expect((await login('dana@example.com', 'dana-pass', owner)).statusCode).toBe(200);
    }, 60_000);

    it('limits attempts per client, across accounts', async () => {
      const ip = '10.8.8.8';
      for (let i = 0; i < 30; i++) expect((await login(`p${i}@example.com`, 'whatever', ip)).statusCode).toBe(401);
      const res = await login('carol@example.com', 'carol-pass', ip);
      expect(res.statusCode).toBe(429);
      expect(res.json().error).toMatch(/^Too many sign-in attempts from your network\./);
    });
  });

  describe('sessions', () => {
    let token: string;
    let userId: number;
    beforeAll(async () => {
      const res = (await signup('erin', 'erin@example.com', 'erin-pass')).json();
      token = res.token;
      userId = res.me.userid;
    });

    it('accepts X-gurus-id naming the token user and refuses another id', async () => {
      const ok = await t.app.inject({
        url: '/api/users/details',
        headers: { ...bearer(token), 'x-gurus-id': String(userId) },
      });
      expect(ok.statusCode).toBe(200);
      const other = await t.app.inject({
        url: '/api/users/details',
        headers: { ...bearer(token), 'x-gurus-id': String(userId + 1) },
      });
      expect(other.statusCode).toBe(401);
      expect(other.json()).toEqual({
        error: 'The X-gurus-id header does not match the signed-in user',
        code: 'UNAUTHORIZED',
      });
    });

    it('changes the password: a new token for this session, every other session ends', async () => {
      const second = (await login('erin@example.com', 'erin-pass')).json().token;
      const wrongOld = await post('/api/auth/updatepwd', { oldPwd: 'not-it', newPwd: 'erin-new' }, bearer(token));
      expect(wrongOld.statusCode).toBe(403);
      expect(wrongOld.json()).toEqual({ error: 'Current password is incorrect', code: 'WRONG_PASSWORD' });
      const short = await post('/api/auth/updatepwd', { oldPwd: 'erin-pass', newPwd: '123' }, bearer(token));
      expect(short.json()).toMatchObject({ error: 'Password must be at least 6 characters', field: 'newPwd' });

      const res = await post('/api/auth/updatepwd', { oldPwd: 'erin-pass', newPwd: 'erin-new' }, bearer(token));
      expect(res.statusCode).toBe(200);
      const fresh = res.json().token;
      for (const old of [token, second]) {
        const r = await t.app.inject({ url: '/api/users/details', headers: bearer(old) });
        expect(r.statusCode).toBe(401);
        expect(r.json().error).toBe('Your session has expired. Please sign in again.');
      }
      expect((await t.app.inject({ url: '/api/users/details', headers: bearer(fresh) })).statusCode).toBe(200);
      expect((await login('erin@example.com', 'erin-pass')).statusCode).toBe(401);
      expect((await login('erin@example.com', 'erin-new')).statusCode).toBe(200);
      token = fresh;
    });

    it('needs a token to change the password', async () => {
      const res = await post('/api/auth/updatepwd', { oldPwd: 'a', newPwd: 'secret1' });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('password reset', () => {
    beforeAll(async () => {
      await signup('frank', 'frank@example.com', 'frank-pass');
    });

    it('gives the same answer for an unknown address and mails nothing', async () => {
      const before = outbox().length;
      const res = await post('/api/auth/forgotpwd', { email: 'ghost@example.com' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
      expect(outbox().length).toBe(before);
      const blank = await post('/api/auth/forgotpwd', { email: '' });
      expect(blank.json()).toMatchObject({ error: 'Please enter your email address', field: 'email' });
    });

    it('writes an .eml with a single-use link that sets the password and ends sessions', async () => {
      const session = (await login('frank@example.com', 'frank-pass')).json().token;
      const res = await post('/api/auth/forgotpwd', { email: 'FRANK@example.com' });
      expect(res.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
      const files = outbox();
      expect(files.at(-1)).toMatch(/\.eml$/);
      const eml = readFileSync(join(t.dataDir, 'outbox', files.at(-1) as string), 'utf8');
      expect(eml).toMatch(/^To: frank@example\.com$/m);
      expect(eml).toMatch(/^Subject: Reset your StockGurus password$/m);
      const token = lastResetToken();
      const rows = await t.app.db.selectFrom('password_resets').select('token_hash').execute();
      expect(rows.map((r) => r.token_hash)).not.toContain(token);

      const done = await post('/api/auth/resetpwd', { token, password: 'frank-new' });
      expect(done.statusCode).toBe(200);
      expect(done.json()).toEqual({ message: 'Password updated' });
      expect((await t.app.inject({ url: '/api/users/details', headers: bearer(session) })).statusCode).toBe(401);
      expect((await login('frank@example.com', 'frank-new')).statusCode).toBe(200);

      const again = await post('/api/auth/resetpwd', { token, password: 'frank-other' });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({
        error: 'This reset link is invalid or has expired. Ask for a new one.',
        code: 'INVALID_RESET_TOKEN',
      });
    });

    it('refuses a link older than an hour', async () => {
      await post('/api/auth/forgotpwd', { email: 'frank@example.com' });
      const token = lastResetToken();
      await t.app.db
        .updateTable('password_resets')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('used_at', 'is', null)
        .execute();
      const res = await post('/api/auth/resetpwd', { token, password: 'frank-late' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_RESET_TOKEN');
    });

    it('limits reset e-mails per address', async () => {
      await signup('gina', 'gina@example.com');
      for (let i = 0; i < 3; i++)
        expect((await post('/api/auth/forgotpwd', { email: 'gina@example.com' })).statusCode).toBe(200);
      const res = await post('/api/auth/forgotpwd', { email: ' Gina@Example.com' });
      expect(res.statusCode).toBe(429);
      expect(res.json().error).toMatch(/^Too many reset e-mails asked for this address\./);
    });
  });

  describe('Google sign-in', () => {
    it('says it is not configured without GOOGLE_CLIENT_ID', async () => {
      expect((await t.app.inject('/api/auth/config')).json()).toEqual({ googleClientId: null });
      const res = await post('/api/auth/google', { token: 'x.y.z' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        error: 'Google sign-in is not configured on this site',
        code: 'GOOGLE_NOT_CONFIGURED',
      });
    });
  });

  it('lists the account calls in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    for (const path of [
      '/api/auth/signup',
      '/api/auth/login',
      '/api/auth/google',
      '/api/auth/forgotpwd',
      '/api/auth/resetpwd',
      '/api/auth/updatepwd',
      '/api/users/details',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(doc.paths['/auth/login']).toBeUndefined();
  });
});

describe('Google sign-in against a local JWKS', () => {
  const CLIENT_ID = 'test-client.apps.googleusercontent.com';
  let jwks: Server;
  let t: TestAppWithData;
  let privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
  let strangerKey: typeof privateKey;

  const idToken = (claims: Record<string, unknown>, key = privateKey, kid = 'k1') =>
    new SignJWT({ email: 'hana@example.com', email_verified: true, name: 'Hana Mori', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer((claims.iss as string) ?? 'https://accounts.google.com')
      .setAudience((claims.aud as string) ?? CLIENT_ID)
      .setSubject((claims.sub as string) ?? 'google-sub-1')
      .setIssuedAt()
      .setExpirationTime((claims.exp as number) ?? '1h')
      .sign(key);
  const google = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/google', payload: { token }, remoteAddress: freshIp() });

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    privateKey = pair.privateKey;
    strangerKey = (await generateKeyPair('RS256')).privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    jwks = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
    const { port } = jwks.address() as AddressInfo;
    t = await buildTestApp('sqlite', {
      env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs` },
    });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => jwks?.close(resolve));
  });

  it('names the client id for the page', async () => {
    expect((await t.app.inject('/api/auth/config')).json()).toEqual({ googleClientId: CLIENT_ID });
  });

  it('creates an account on first sign-in, then signs the same account in again', async () => {
    const first = await google(await idToken({}));
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.me.email).toBe('hana@example.com');
    const profile = (
      await t.app.inject({ url: '/api/users/details', headers: { authorization: `Bearer ${body.token}` } })
    ).json();
    expect(profile.username).toBe('Hana_Mori');
    const again = (await google(await idToken({}))).json();
    expect(again.me.userid).toBe(body.me.userid);
  });

  it('links to the existing account with that verified address', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { username: 'ivan', email: 'ivan@example.com', password: 'ivan-pass' },
      remoteAddress: freshIp(),
    });
    const res = await google(await idToken({ sub: 'google-ivan', email: 'Ivan@example.com', name: 'Ivan' }));
    expect(res.json().me.userid).toBe(made.json().me.userid);
  });

  it('refuses a bad signature, another audience or issuer, an expired token and an unverified address', async () => {
    const bad = [
      await idToken({}, strangerKey),
      await idToken({ aud: 'someone-else' }),
      await idToken({ iss: 'https://evil.example' }),
      await idToken({ exp: Math.floor(Date.now() / 1000) - 60 }),
      await idToken({ sub: 'google-unverified', email: 'unverified@example.com', email_verified: false }),
      'not-a-jwt',
    ];
    for (const token of bad) {
      const res = await google(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Google login failed. Please try again.', code: 'GOOGLE_TOKEN_INVALID' });
    }
  });
});

describe('password reset over SMTP', () => {
  let smtp: SMTPServer;
  let t: TestAppWithData;
  const received: { to: string[]; data: string }[] = [];

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
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await buildTestApp('sqlite', {
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'StockGurus <accounts@example.test>' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  });

  it('sends the reset link to the account address and writes nothing to the outbox', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { username: 'jack', email: 'jack@example.com', password: 'jack-pass' },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgotpwd',
      payload: { email: 'jack@example.com' },
    });
    expect(res.statusCode).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual(['jack@example.com']);
    expect(received[0]?.data).toMatch(/^From: StockGurus <accounts@example\.test>/m);
    const token = /reset-password\?token=([\w-]+)/.exec(decodeQuotedPrintable(received[0]?.data ?? ''))?.[1];
    expect(token).toBeTruthy();
    expect(readdirSafe(join(t.dataDir, 'outbox'))).toEqual([]);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resetpwd',
      payload: { token, password: 'jack-new' },
    });
    expect(reset.statusCode).toBe(200);
  });
});

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** Mail bodies are quoted-printable: soft line breaks and `=3D` for `=`. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
