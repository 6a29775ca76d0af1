import { META_KEYS, setMeta } from '@app/market-data/meta';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../test-app.ts';

const nonceOf = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1] ?? '';

describe('the page cache for anonymous visitors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { web: true });
    await setMeta(t.app.db, META_KEYS.dataDate, '2026-11-20');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('renders once, then serves the same page with each request its own nonce everywhere', async () => {
    const first = await t.app.inject('/screener?sect=8');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-page-cache']).toBe('miss');
    const second = await t.app.inject('/screener?sect=8');
    expect(second.headers['x-page-cache']).toBe('hit');
    const [a, b] = [
      nonceOf(first.headers['content-security-policy']),
      nonceOf(second.headers['content-security-policy']),
    ];
    expect(a).not.toBe(b);
    // Every nonce the page carries is this response's; the first response's appears nowhere.
    const count = first.body.split(a).length - 1;
    expect(count).toBeGreaterThan(0);
    expect(second.body.split(b).length - 1).toBe(count);
    expect(second.body).not.toContain(a);
    expect(second.body.split(b).join('N')).toBe(first.body.split(a).join('N'));
    expect(second.headers['content-type']).toMatch(/text\/html/);
  });

  it('keeps one page per theme cookie, and none for signed-in or cookie-carrying requests', async () => {
    await t.app.inject('/');
    expect((await t.app.inject('/')).headers['x-page-cache']).toBe('hit');
    const dark = () => t.app.inject({ url: '/', headers: { cookie: 'theme=dark' } });
    expect((await dark()).headers['x-page-cache']).toBe('miss');
    expect((await dark()).headers['x-page-cache']).toBe('hit');
    const session = () => t.app.inject({ url: '/', headers: { cookie: 'theme=dark; session=abc' } });
    await session();
    expect((await session()).headers['x-page-cache']).toBeUndefined();
    const bearer = () => t.app.inject({ url: '/', headers: { authorization: 'Bearer x' } });
    await bearer();
    expect((await bearer()).headers['x-page-cache']).toBeUndefined();
  });

  it('keeps crawlers and other visitors apart: a crawler sees ranking years a visitor may not', async () => {
    const url = '/companies/market-cap-rankings?year=2005&page=1';
    const visitor = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/128.0' };
    const crawler = { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' };
    await t.app.inject({ url, headers: visitor });
    expect((await t.app.inject({ url, headers: visitor })).headers['x-page-cache']).toBe('hit');
    expect((await t.app.inject({ url, headers: crawler })).headers['x-page-cache']).toBe('miss');
    expect((await t.app.inject({ url, headers: crawler })).headers['x-page-cache']).toBe('hit');
  });

  it('never keeps a non-200 answer, nor pages whose content is not market data', async () => {
    await t.app.inject('/news');
    expect((await t.app.inject('/news')).headers['x-page-cache']).toBeUndefined();
    await t.app.inject('/companies/no-such-page/at-all/here');
    const again = await t.app.inject('/companies/no-such-page/at-all/here');
    expect(again.statusCode).toBe(404);
    expect(again.headers['x-page-cache']).toBeUndefined();
  });

  it('renders again once the data date moves', async () => {
    await t.app.inject('/companies/info');
    expect((await t.app.inject('/companies/info')).headers['x-page-cache']).toBe('hit');
    await setMeta(t.app.db, META_KEYS.dataDate, '2026-11-23');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 1_500);
    const after = await t.app.inject('/companies/info').finally(() => vi.useRealTimers());
    expect(after.headers['x-page-cache']).toBe('miss');
  });
});
