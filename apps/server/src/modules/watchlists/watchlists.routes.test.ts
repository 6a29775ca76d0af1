import { testEngines } from '@app/db/testing';
import { MEASURE_IDS } from '@app/shared/screener-measures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestAppWithData } from '../../test-app.ts';
import { seedCompanies } from '../simulator/simulator.fixtures.ts';

let ip = 0;

describe.each(testEngines())('watchlists API on %s', (engine) => {
  describe('step by step', { shuffle: false }, () => {
    let t: TestAppWithData;
    const members: Record<string, { token: string; id: number }> = {};
    const auth = (name: string) => ({ authorization: `Bearer ${members[name]?.token}` });
    const call = (name: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: auth(name), ...(payload ? { payload } : {}) });
    let listId = 0;

    beforeAll(async () => {
      t = await buildTestApp(engine);
      await seedCompanies(t.app.db, [
        { ticker: 'ACME', name: 'Acme Widgets Inc', closes: [{ date: '2026-11-16', close: 40 }] },
        { ticker: 'BOLT', name: 'Bolt Motors Corp', closes: [{ date: '2026-11-16', close: 100 }] },
        { ticker: 'CORE', name: 'Core Foods Co', closes: [{ date: '2026-11-16', close: 12.5 }] },
      ]);
      for (const name of ['kim', 'lee']) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          payload: { username: name, email: `${name}@example.com`, password: `${name}-pass` },
          remoteAddress: `10.3.0.${++ip}`,
        });
        members[name] = { token: res.json().token, id: res.json().me.userid };
      }
    });
    afterAll(async () => {
      await t?.close();
    });

    it('is for members only', async () => {
      expect((await t.app.inject('/api/watchlists')).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: '/api/watchlists', payload: { name: 'x' } })).statusCode).toBe(
        401,
      );
    });

    it('creates a list, adds companies once each, and shows each with its last close', async () => {
      const created = await call('kim', 'POST', '/api/watchlists', { name: '  Tech  ' });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ name: 'Tech', count: 0, tickers: [] });
      listId = created.json().id;
      for (const ticker of ['bolt', 'ACME', 'BOLT']) {
        const res = await call('kim', 'POST', `/api/watchlists/${listId}/companies`, { ticker });
        expect(res.statusCode, res.body).toBe(200);
      }
      const list = await call('kim', 'GET', `/api/watchlists/${listId}`);
      expect(list.statusCode).toBe(200);
      expect(list.headers['cache-control']).toBe('private, no-store');
      expect(list.json()).toMatchObject({
        name: 'Tech',
        companies: [
          { ticker: 'BOLT', comp_name: 'Bolt Motors Corp', price: 100, date: '2026-11-16' },
          { ticker: 'ACME', comp_name: 'Acme Widgets Inc', price: 40 },
        ],
      });
      expect((await call('kim', 'GET', '/api/watchlists')).json()).toEqual({
        watchlists: [{ id: listId, name: 'Tech', count: 2, tickers: ['BOLT', 'ACME'], created_at: expect.any(String) }],
      });
    });

    it('adds the screen measures the member asks for, empty where they cannot be computed', async () => {
      const list = await call('kim', 'GET', `/api/watchlists/${listId}?measures=price,change_1d,pe`);
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().companies.map((c: { ticker: string; measures: object }) => [c.ticker, c.measures])).toEqual([
        ['BOLT', { price: 100, change_1d: null, pe: null }],
        ['ACME', { price: 40, change_1d: null, pe: null }],
      ]);
      expect((await call('kim', 'GET', `/api/watchlists/${listId}`)).json().companies[0].measures).toBeUndefined();
      const unknown = await call('kim', 'GET', `/api/watchlists/${listId}?measures=price,beta`);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error).toContain("measures: unknown measure 'beta'");
      const many = await call('kim', 'GET', `/api/watchlists/${listId}?measures=${MEASURE_IDS.slice(0, 9).join(',')}`);
      expect(many.statusCode).toBe(400);
      expect(many.json().error).toContain('measures: at most 8');
    });

    it('reorders, renames and removes', async () => {
      const bad = await call('kim', 'PUT', `/api/watchlists/${listId}/order`, { tickers: ['ACME'] });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toMatch(/tickers/);
      const ok = await call('kim', 'PUT', `/api/watchlists/${listId}/order`, { tickers: ['ACME', 'BOLT'] });
      expect(ok.json().tickers).toEqual(['ACME', 'BOLT']);
      expect((await call('kim', 'PATCH', `/api/watchlists/${listId}`, { name: 'Watching' })).json().name).toBe(
        'Watching',
      );
      expect((await call('kim', 'DELETE', `/api/watchlists/${listId}/companies/ACME`)).json().tickers).toEqual([
        'BOLT',
      ]);
      expect((await call('kim', 'DELETE', `/api/watchlists/${listId}/companies/ACME`)).statusCode).toBe(404);
    });

    it('checks its input, naming the field', async () => {
      const cases: [string, string, object, string][] = [
        ['POST', '/api/watchlists', { name: '' }, 'name'],
        ['POST', '/api/watchlists', { name: 'x'.repeat(61) }, 'name'],
        ['POST', '/api/watchlists', { name: 'a', extra: 1 }, 'extra'],
        ['POST', `/api/watchlists/${listId}/companies`, {}, 'ticker'],
      ];
      for (const [method, url, payload, field] of cases) {
        const res = await call('kim', method as 'POST', url, payload);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().error).toContain(field);
      }
      expect((await call('kim', 'GET', '/api/watchlists/abc')).statusCode).toBe(400);
      const unknown = await call('kim', 'POST', `/api/watchlists/${listId}/companies`, { ticker: 'NOPE' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().code).toBe('UNKNOWN_TICKER');
    });

    it("answers another member's list as one that does not exist", async () => {
      for (const [method, url, payload] of [
        ['GET', `/api/watchlists/${listId}`, undefined],
        ['PATCH', `/api/watchlists/${listId}`, { name: 'Mine' }],
        ['POST', `/api/watchlists/${listId}/companies`, { ticker: 'CORE' }],
        ['DELETE', `/api/watchlists/${listId}/companies/BOLT`, undefined],
        ['PUT', `/api/watchlists/${listId}/order`, { tickers: ['BOLT'] }],
        ['DELETE', `/api/watchlists/${listId}`, undefined],
      ] as const) {
        const res = await call('lee', method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().error).toBeTruthy();
      }
      expect((await call('lee', 'GET', '/api/watchlists')).json()).toEqual({ watchlists: [] });
      expect((await call('kim', 'GET', `/api/watchlists/${listId}`)).json().companies).toHaveLength(1);
    });

    it('is in the account export, and deleting the account removes it', async () => {
      const exported = (await call('kim', 'GET', '/api/users/export')).json();
      expect(exported.watchlists).toEqual([{ name: 'Watching', created_at: expect.any(String), tickers: ['BOLT'] }]);
      const deleted = await call('kim', 'POST', '/api/users/delete', { password: 'kim-pass' });
      expect(deleted.statusCode).toBe(200);
      const left = await t.app.db
        .selectFrom('watchlists')
        .select('id')
        .where('user_id', '=', members.kim?.id as number)
        .execute();
      expect(left).toEqual([]);
      const items = await t.app.db.selectFrom('watchlist_items').select('company_id').execute();
      expect(items).toEqual([]);
    });

    it('is listed in the OpenAPI document', async () => {
      const doc = (await t.app.inject('/api/openapi.json')).json();
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining([
          '/api/watchlists',
          '/api/watchlists/{id}',
          '/api/watchlists/{id}/companies',
          '/api/watchlists/{id}/companies/{ticker}',
          '/api/watchlists/{id}/order',
        ]),
      );
    });
  });
});
