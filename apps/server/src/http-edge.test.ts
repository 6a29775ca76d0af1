import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test-app.ts';

/** Sends raw bytes and collects everything the server answers until it closes (or `waitMs`). */
function raw(port: number, bytes: string, waitMs = 5_000): Promise<{ text: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closedAfterMs: Number.POSITIVE_INFINITY });
    }, waitMs);
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
    });
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closedAfterMs: Date.now() - started });
    });
    socket.write(bytes);
  });
}

const status = (text: string) => Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1]);
const jsonBody = (text: string) => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));

describe('the HTTP edge: what clients send before any route runs', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { requestTimeoutMs: 1_500 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('closes a request whose body never arrives with a 408 within the timeout', async () => {
    const { text, closedAfterMs } = await raw(
      port,
      'POST /api/meta HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
    );
    expect(status(text)).toBe(408);
    expect(jsonBody(text)).toEqual({ error: 'The request was not received in time', code: 'REQUEST_TIMEOUT' });
    // Timeout 1.5 s; Node checks for expired requests once a second.
    expect(closedAfterMs).toBeLessThan(4_000);
  });

  it('answers malformed percent-encoding with {error, code}, not a framework code', async () => {
    const res = await t.app.inject('/api/companies/%zz/stock-price');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'The URL is not valid (malformed percent-encoding)',
      code: 'BAD_REQUEST',
    });
    expect(res.body).not.toContain('FST_');
  });

  it('answers a NUL byte in a path segment with the JSON 404, on any engine', async () => {
    const res = await t.app.inject('/api/companies/a%00b/stock-price');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'No API route for this path', code: 'NOT_FOUND' });
    expect((await t.app.inject('/api/companies/list?name=a%7Fb')).statusCode).toBe(200);
  });

  it.each(['PROPFIND', 'FOO'])('answers the %s method with {error, code}', async (method) => {
    const { text } = await raw(port, `${method} /api/meta HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    expect(status(text)).toBeGreaterThanOrEqual(400);
    expect(Object.keys(jsonBody(text)).sort()).toEqual(['code', 'error']);
  });

  it('answers oversized headers and garbage with {error, code}', async () => {
    const big = await raw(port, `GET /api/meta HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(status(big.text)).toBe(431);
    expect(jsonBody(big.text)).toEqual({ error: 'Request headers are too large', code: 'HEADERS_TOO_LARGE' });
    const garbage = await raw(port, 'GET /api/meta HTTP/1.1\r\nHost: localhost\r\nContent-Length: abc\r\n\r\n');
    expect(status(garbage.text)).toBe(400);
    expect(jsonBody(garbage.text).code).toBe('BAD_REQUEST');
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/meta',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(badJson.statusCode).toBeGreaterThanOrEqual(400);
    expect(Object.keys(badJson.json()).sort()).toEqual(['code', 'error']);
  });

  it('answers an invalid Host with a 400 and serves HTTP/1.0 without one', async () => {
    const bad = await raw(port, 'GET /api/meta HTTP/1.1\r\nHost: x:99999\r\nConnection: close\r\n\r\n');
    expect(status(bad.text)).toBe(400);
    expect(jsonBody(bad.text)).toEqual({ error: 'Invalid Host header', code: 'BAD_REQUEST' });
    const old = await raw(port, 'GET /api/health HTTP/1.0\r\n\r\n');
    expect(status(old.text)).toBe(200);
    expect(jsonBody(old.text)).toEqual({ status: 'ok', db: 'sqlite' });
  });

  it('routes slugs of up to 200 characters to the route, which validates them', async () => {
    const slug = 'a'.repeat(150);
    const found = await t.app.inject(`/api/companies/${slug}/stock-price`);
    expect(found.statusCode).toBe(404);
    expect(found.json().error).toBe(`No company found for "${slug}"`);
    const tooLong = await t.app.inject(`/api/companies/${'a'.repeat(201)}/stock-price`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().code).toBe('BAD_REQUEST');
  });
});

describe('the HTTP edge for pages', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { web: true });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("serves a load balancer's GET / HTTP/1.0 without Host, with links from SITE_URL", async () => {
    const { text } = await raw(port, 'GET / HTTP/1.0\r\n\r\n', 30_000);
    expect(status(text)).toBe(200);
    expect(text).toContain('<link rel="canonical" href="https://example.test/"');
  });

  it('answers an empty Host with the page and an invalid one with a 400', async () => {
    const empty = await raw(port, 'GET /screener HTTP/1.1\r\nHost: \r\nConnection: close\r\n\r\n', 30_000);
    expect(status(empty.text)).toBe(200);
    const bad = await raw(port, 'GET /screener HTTP/1.1\r\nHost: x:99999\r\nConnection: close\r\n\r\n');
    expect(status(bad.text)).toBe(400);
  });

  it('renders the noindex 404 page for a path with a NUL byte', async () => {
    const res = await t.app.inject('/companies/a%00b/stock-price');
    expect(res.statusCode).toBe(404);
    expect(res.body).toMatch(/<meta name="robots" content="noindex/);
    expect(res.body).toContain('Page not found');
  });
});
