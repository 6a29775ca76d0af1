import { testEngines } from '@app/db/testing';
import { META_KEYS, setMeta } from '@app/market-data/meta';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test-app.ts';

describe.each(testEngines())('GET /api/meta on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });
  // Every test starts from no data at all and stores what it needs.
  beforeEach(async () => {
    await t.app.db.deleteFrom('app_meta').execute();
  });

  it("answers 'none' before any data is loaded", async () => {
    const res = await t.app.inject('/api/meta');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ source: 'none', dataDate: null });
  });

  it('names the demo universe and its data date once built, then real data after an import', async () => {
    await setMeta(t.app.db, META_KEYS.dataDate, '2026-11-20');
    await setMeta(t.app.db, META_KEYS.source, 'demo');
    expect((await t.app.inject('/api/meta')).json()).toEqual({ source: 'demo', dataDate: '2026-11-20' });
    await setMeta(t.app.db, META_KEYS.source, 'real');
    expect((await t.app.inject('/api/meta')).json()).toEqual({ source: 'real', dataDate: '2026-11-20' });
  });

  it("treats an unknown stored source as 'none'", async () => {
    await setMeta(t.app.db, META_KEYS.source, 'half-imported');
    expect((await t.app.inject('/api/meta')).json()).toEqual({ source: 'none', dataDate: null });
  });

  it('accepts only GET, answering other methods with the JSON 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/meta', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('is listed in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    expect(doc.paths['/api/meta'].get.tags).toEqual(['market data']);
  });
});
