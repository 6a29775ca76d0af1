import { testEngines } from '@app/db/testing';
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
        [
          { website: 'javascript:alert(1)' },
          "Invalid body field 'website': Website must be an http:// or https:// address",
        ],
        [
          { website: `https://x.example/${'a'.repeat(200)}` },
          "Invalid body field 'website': Website must be at most 200 characters",
        ],
        [{ country: 'Atlantis' }, "Invalid body field 'country': Choose a country or region from the list"],
        [{ summary: 'x'.repeat(501) }, "Invalid body field 'summary': Summary must be at most 500 characters"],
        [
          { username: 'no spaces' },
          "Invalid body field 'username': Username must be 2-20 characters and contain only letters, numbers, and underscores",
        ],
        [{ email: 'nope' }, "Invalid body field 'email': Enter a valid email address"],
      ];
      for (const [body, error] of cases) {
        const res = await update('kim', body);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error, code: 'BAD_REQUEST' });
      }
    });

    it('keeps username and e-mail unique across accounts, in any case', async () => {
      expect((await update('kim', { username: 'LEE' })).json().code).toBe('USERNAME_TAKEN');
      expect((await update('kim', { email: 'Lee@Example.com' })).json().code).toBe('EMAIL_TAKEN');
      const own = await update('kim', { username: 'Kim', email: 'KIM@example.com' });
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
        probe: { userId: members.lee?.id },
        // The simulator's part, present in every export; empty for a member who never played.
        simulator: { contest_points: null, open_picks: [], history: [] },
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
});
