import { testEngines } from '@app/db/testing';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, memberToken, type TestApp } from './test-app.ts';

describe.each(testEngines())('API foundation on %s', (engine) => {
  let t: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    app = t.app;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET /api/health reports the engine after a real database round trip', async () => {
    const res = await app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: engine });
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await app.inject('/api/does-not-exist?x=1');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ error: 'No API route for GET /api/does-not-exist', code: 'NOT_FOUND' });
  });

  it('publishes an OpenAPI document listing the routes, and a browsable reference', async () => {
    const doc = (await app.inject('/api/openapi.json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/health');
    expect(Object.keys(doc.paths)).not.toContain('/api/*');
    const docs = await app.inject('/api/docs/');
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
  });

  it('sends security headers: a CSP that lets an API answer load nothing, no x-powered-by, HSTS on https', async () => {
    // Pages get a fresh nonce each (plugins/web.test.ts, page-cache.test.ts).
    const a = await app.inject('/api/health');
    expect(a.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    const docs = await app.inject('/api/docs/');
    expect(String(docs.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(a.headers['x-powered-by']).toBeUndefined();
    expect(a.headers['x-content-type-options']).toBe('nosniff');
    // The test config's SITE_URL is https.
    expect(a.headers['strict-transport-security']).toMatch(/max-age=31536000/);
  });

  it('compresses large responses with brotli or gzip', async () => {
    const url = '/api/docs/static/swagger-ui.css';
    const res = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  it('keeps a well-formed request id from the load balancer and replaces anything else', async () => {
    const kept = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'lb-abc.123' } });
    expect(kept.headers['x-request-id']).toBe('lb-abc.123');
    const forged = await app.inject({ url: '/api/health', headers: { 'x-request-id': `x${'\n'}y${'z'.repeat(100)}` } });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const none = await app.inject('/api/health');
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('validation, errors and auth', () => {
  let t: TestApp;
  // Routes of the shape every module uses, registered on the real app for these checks.
  const probeRoutes: FastifyPluginAsyncZod = async (api) => {
    api.get(
      '/probe/items',
      {
        config: { auth: 'optional' },
        schema: {
          querystring: z.object({ pageNumber: z.coerce.number().int().min(1), sortBy: z.enum(['price', 'mkcap']) }),
        },
      },
      async (request) => ({ page: request.query.pageNumber, user: request.user }),
    );
    api.post(
      '/probe/items',
      { config: { auth: 'required' }, schema: { body: z.object({ ticker: z.string().min(1).max(10) }) } },
      async (request) => ({ ticker: request.body.ticker, userId: request.user?.id }),
    );
    api.get('/probe/boom', { config: { auth: 'none' } }, async () => {
      throw new Error('database password is hunter2');
    });
  };

  beforeAll(async () => {
    const { buildApp } = await import('./app.ts');
    const { loadConfig } = await import('./env.ts');
    const { createTestDb } = await import('@app/db/testing');
    const db = await createTestDb('sqlite');
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: (await import('node:os')).tmpdir(),
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    });
    const app = await buildApp({ config, db, web: false, logger: false });
    await app.register(probeRoutes, { prefix: '/api' });
    await app.ready();
    t = {
      app,
      close: async () => {
        await app.close();
        await db.close();
      },
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('rejects a bad query parameter with a 400 naming it', async () => {
    const res = await t.app.inject('/api/probe/items?pageNumber=0&sortBy=price');
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.error).toMatch(/^Invalid query parameter 'pageNumber'/);
    const sort = (await t.app.inject('/api/probe/items?pageNumber=1&sortBy=volume')).json();
    expect(sort.error).toMatch(/^Invalid query parameter 'sortBy'/);
  });

  it('rejects a bad body with a 400 naming the field, and malformed JSON with a 400', async () => {
    const token = await t.app.tokens.sign({ id: '7', email: 'a@example.com' });
    const auth = { authorization: `Bearer ${token}` };
    const res = await t.app.inject({ method: 'POST', url: '/api/probe/items', headers: auth, payload: { ticker: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^Invalid body field 'ticker'/);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/probe/items',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: '{"ticker":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('error');
  });

  it('requires a valid bearer token on required routes', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/api/probe/items', payload: { ticker: 'AAPL' } });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: 'Sign in to use this', code: 'UNAUTHORIZED' });

    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/probe/items',
      headers: { authorization: 'Bearer not.a.token' },
      payload: { ticker: 'AAPL' },
    });
    expect(forged.statusCode).toBe(401);

    const expired = await t.app.tokens.sign({ id: '7', email: 'a@example.com' }, '-1s');
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/probe/items',
      headers: { authorization: `Bearer ${expired}` },
      payload: { ticker: 'AAPL' },
    });
    expect(old.statusCode).toBe(401);
    expect(old.json().error).toMatch(/expired/);

    const { token, userId } = await memberToken(t.app, 'a@example.com');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/probe/items',
      headers: { authorization: `Bearer ${token}` },
      payload: { ticker: 'AAPL' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ticker: 'AAPL', userId: String(userId) });
  });

  it('treats a bad token on an optional route as anonymous', async () => {
    const res = await t.app.inject({
      url: '/api/probe/items?pageNumber=2&sortBy=mkcap',
      headers: { authorization: 'Bearer garbage' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ page: 2, user: null });
  });

  it('hides the details of a 500', async () => {
    const res = await t.app.inject('/api/probe/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('INTERNAL_ERROR');
    expect(res.body).not.toContain('hunter2');
  });
});
