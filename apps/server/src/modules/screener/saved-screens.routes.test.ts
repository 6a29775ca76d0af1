import { testEngines } from '@app/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestAppWithData } from '../../test-app.ts';

let ip = 0;

describe.each(testEngines())('saved screens API on %s', (engine) => {
  describe('step by step', { shuffle: false }, () => {
    let t: TestAppWithData;
    const tokens: Record<string, string> = {};
    const call = (name: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${tokens[name]}` },
        ...(payload ? { payload } : {}),
      });
    let screenId = 0;

    beforeAll(async () => {
      t = await buildTestApp(engine);
      for (const name of ['kim', 'lee']) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          payload: { username: name, email: `${name}@example.com`, password: `${name}-pass` },
          remoteAddress: `10.4.0.${++ip}`,
        });
        tokens[name] = res.json().token;
      }
    });
    afterAll(async () => {
      await t?.close();
    });

    it('is for members only', async () => {
      expect((await t.app.inject('/api/screens')).statusCode).toBe(401);
      const res = await t.app.inject({ method: 'POST', url: '/api/screens', payload: { name: 'x', query: '' } });
      expect(res.statusCode).toBe(401);
    });

    it('saves a screen under a name, without its page, and lists it', async () => {
      const created = await call('kim', 'POST', '/api/screens', {
        name: '  Cheap tech ',
        query: '?pe_max=15&sector=8&columns=pe,roe&page=3',
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({ name: 'Cheap tech', query: 'pe_max=15&sector=8&columns=pe%2Croe' });
      screenId = created.json().id;
      const list = await call('kim', 'GET', '/api/screens');
      expect(list.statusCode).toBe(200);
      expect(list.headers['cache-control']).toBe('private, no-store');
      expect(list.json().screens.map((s: { name: string }) => s.name)).toEqual(['Cheap tech']);
    });

    it("keeps each member's screens to that member", async () => {
      expect((await call('lee', 'GET', '/api/screens')).json()).toEqual({ screens: [] });
      expect((await call('lee', 'PUT', `/api/screens/${screenId}`, { name: 'Mine now' })).statusCode).toBe(404);
      expect((await call('lee', 'DELETE', `/api/screens/${screenId}`)).statusCode).toBe(404);
      expect((await call('kim', 'GET', '/api/screens')).json().screens[0].name).toBe('Cheap tech');
    });

    it('updates the name or the query, refusing a name already used', async () => {
      await call('kim', 'POST', '/api/screens', { name: 'Highs', query: 'from_high_52w_min=-2' });
      const clash = await call('kim', 'PUT', `/api/screens/${screenId}`, { name: 'highs' });
      expect(clash.statusCode).toBe(409);
      const renamed = await call('kim', 'PUT', `/api/screens/${screenId}`, { name: 'Cheap software' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({ name: 'Cheap software', query: 'pe_max=15&sector=8&columns=pe%2Croe' });
      const requeried = await call('kim', 'PUT', `/api/screens/${screenId}`, { query: 'pe_max=12' });
      expect(requeried.json()).toMatchObject({ name: 'Cheap software', query: 'pe_max=12' });
      const names = (await call('kim', 'GET', '/api/screens')).json().screens.map((s: { name: string }) => s.name);
      expect(names).toEqual(['Cheap software', 'Highs']);
    });

    it.each([
      [{ name: '', query: '' }, 'name'],
      [{ name: 'x', query: 'pe_min=abc' }, 'query'],
      [{ name: 'x', query: 'sort=bogus' }, 'query'],
      [{ name: 'x', query: '', extra: 1 }, 'extra'],
    ])('answers 400 naming the field for %j', async (payload, field) => {
      const res = await call('kim', 'POST', '/api/screens', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toContain(field);
    });

    it('deletes a screen', async () => {
      expect((await call('kim', 'DELETE', `/api/screens/${screenId}`)).json()).toEqual({ ok: true });
      expect((await call('kim', 'DELETE', `/api/screens/${screenId}`)).statusCode).toBe(404);
      expect((await call('kim', 'GET', '/api/screens')).json().screens).toHaveLength(1);
    });
  });
});
