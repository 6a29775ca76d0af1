import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestAppWithData } from '../test-app.ts';

// Every route of SPEC §2 with its title and heading, as a crawler sees them (no scripts).
const PAGES: Array<[path: string, title: string, heading: string]> = [
  ['/', 'StockGurus: stock screener, company metrics and practice trading', 'Welcome to StockGurus'],
  ['/stocks', 'Stock Charts | StockGurus', 'Stock Charts'],
  ['/screener', 'Stock Screener | StockGurus', 'Stock Screener'],
  ['/companies/info', 'Company Financial Metrics | StockGurus', 'Company Financial Metrics'],
  [
    '/companies/market-cap-rankings',
    'Market Capitalization Rankings 2024 | StockGurus',
    'Market Capitalization Rankings',
  ],
  ['/companies/annual-returns-rankings', 'Annual Returns Rankings 2024 | StockGurus', 'Annual Returns Rankings'],
  [
    '/companies/dollar-volume-rankings',
    'Estimated Dollar Volume Rankings 2024 | StockGurus',
    'Estimated Dollar Volume Rankings',
  ],
  [
    '/companies/market-cap-rankings/2020',
    'Market Capitalization Rankings 2024 | StockGurus',
    'Market Capitalization Rankings',
  ],
  ['/news', 'Market News | StockGurus', 'Market News'],
  ['/simulator', 'Market Simulator | StockGurus', 'Market Simulator'],
  ['/simulator/my-profolio', 'Market Simulator | StockGurus', 'Market Simulator'],
  ['/simulator/leaderboard', 'Leaderboard | StockGurus', 'Ranking of Gurus'],
  ['/login', 'Sign in | StockGurus', 'Sign in'],
  ['/signup', 'Create account | StockGurus', 'Create your account'],
  ['/forgot-password', 'Forgot password | StockGurus', 'Forgot your password?'],
  ['/revert-email', 'Restore your email address | StockGurus', 'Restore your email address'],
  ['/profile', 'Profile | StockGurus', 'Your profile'],
  ['/doc-qa', 'Document QA | StockGurus', 'Document QA'],
  ['/privacy', 'Privacy Policy | StockGurus', 'Privacy Policy'],
  ['/terms', 'Terms of Service | StockGurus', 'Terms of Service'],
  ['/disclosures', 'Disclosures | StockGurus', 'Disclosures'],
];

const text = (html: string) => html.replace(/<!--.*?-->/g, '').replace(/<[^>]+>/g, '');

describe('server-rendered pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { web: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(PAGES)('%s renders its title and heading in the HTML', async (path, title, heading) => {
    const res = await t.app.inject(path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain(`<title>${title.replace(/&/g, '&amp;')}</title>`);
    const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(res.body)?.[1] ?? '';
    expect(text(h1)).toContain(heading);
    expect(res.body).toMatch(/<link rel="canonical" href="https:\/\/example\.test\/[^"]*"/);
    expect(res.body).toMatch(/<meta name="description" content="[^"]{20,300}"/);
  });

  it('puts the header and footer on every page', async () => {
    const html = (await t.app.inject('/screener')).body;
    for (const label of ['Home', 'Screener', 'Metrics', 'Document QA', 'Simulator', 'Historical Data', 'Login']) {
      expect(text(html)).toContain(label);
    }
    for (const label of ['Privacy Policy', 'Terms of Service', 'Disclosures', 'not investment advice']) {
      expect(text(html)).toContain(label);
    }
    expect(html).toContain('href="mailto:');
    expect(text(html)).toContain(`© ${new Date().getUTCFullYear()}`);
  });

  it('redirects a company page without a metric to its stock price, and 404s an unknown company', async () => {
    const bare = await t.app.inject('/companies/info/apple-inc');
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/companies/info/apple-inc/stock-price');
    // The test database holds no companies.
    const unknown = await t.app.inject('/companies/info/apple-inc/revenue');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<meta name="robots" content="noindex,follow"/>');
    expect(unknown.body).toContain('<title>Company not found | StockGurus</title>');
    expect(text(unknown.body)).toContain('No company matches &quot;Apple Inc&quot;');
  });

  it('answers 404 for a company name the API refuses and a sitemap file past its limits', async () => {
    const longName = await t.app.inject(`/companies/info/${'a'.repeat(300)}/revenue`);
    expect(longName.statusCode).toBe(404);
    expect(longName.body).toContain('noindex');
    expect((await t.app.inject('/sitemaps/companies-999999.xml')).statusCode).toBe(404);
  });

  it('answers an unknown page with a real 404 that search engines drop', async () => {
    const res = await t.app.inject('/no/such/page');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<meta name="robots" content="noindex,follow"/>');
    expect(res.body).toContain('Page not found');
  });

  it('marks every inline script with the response CSP nonce', async () => {
    const res = await t.app.inject('/');
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(nonce).toBeTruthy();
    const scripts = res.body.match(/<script(?![^>]*type="application\/ld\+json")[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it('embeds the site search action for search engines on the home page', async () => {
    const html = (await t.app.inject('/')).body;
    expect(html).toContain('"@type":"SearchAction"');
    expect(html).toContain('https://example.test/screener?q={q}');
  });

  it('serves hashed assets as immutable and compressed', async () => {
    const html = (await t.app.inject('/')).body;
    const asset = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const res = await t.app.inject({ url: asset as string, headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('serves robots.txt', async () => {
    const res = await t.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Disallow: /api/');
  });
});

/** "Send reset link" as the page's script sends it, from a page at `origin` to the host `host`. */
const sendResetForm = (t: TestApp, host: string, origin: string) =>
  t.app.inject({
    method: 'POST',
    url: '/forgot-password.data',
    headers: { host, origin, 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'email=nobody%40example.com',
  });

describe('forms on any host the site is served on', () => {
  let t: TestAppWithData;
  let listed: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { web: true });
    listed = await buildTestApp('sqlite', { web: true, env: { TRUSTED_HOSTS: 'www.example.test, *.example.org' } });
  });
  afterAll(async () => {
    await t?.close();
    await listed?.close();
  });

  it('runs a form sent from the host the request names, as from SITE_URL', async () => {
    for (const [host, origin] of [
      ['example.test', 'https://example.test'],
      ['127.0.0.1:3000', 'http://127.0.0.1:3000'],
      ['localhost:3000', 'http://localhost:3000'],
    ] as const) {
      const res = await sendResetForm(t, host, origin);
      expect(res.statusCode, `${origin} to ${host}`).toBe(200);
      expect(res.body).toContain('If an account exists for that address');
    }
  });

  it('refuses a form another site sent, whatever its Origin claims to be', async () => {
    expect((await sendResetForm(t, '127.0.0.1:3000', 'https://attacker.example')).statusCode).toBe(400);
    expect((await sendResetForm(t, 'example.test', 'http://127.0.0.1:3000')).statusCode).toBe(400);
    expect((await sendResetForm(t, 'example.test', 'null')).statusCode).toBe(400);
  });

  it('keeps canonical links on SITE_URL whatever the Host header says', async () => {
    const res = await t.app.inject({ url: '/forgot-password', headers: { host: 'attacker.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<link rel="canonical" href="https://example.test/forgot-password"/>');
    expect(res.body).not.toContain('attacker.example');
  });

  it('mails reset links on SITE_URL whatever host the form or the API call names', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { username: 'host_probe', email: 'host-probe@example.com', password: 'secret1' },
    });
    expect(signup.statusCode).toBe(201);
    const form = await t.app.inject({
      method: 'POST',
      url: '/forgot-password.data',
      headers: {
        host: 'attacker.example',
        origin: 'http://attacker.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'email=host-probe%40example.com',
    });
    expect(form.statusCode).toBe(200);
    const api = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgotpwd',
      headers: { host: 'attacker.example', 'x-forwarded-host': 'attacker.example' },
      payload: { email: 'host-probe@example.com' },
    });
    expect(api.statusCode).toBe(200);
    const dir = join(t.dataDir, 'outbox');
    const mails = readdirSync(dir).map((f) => readFileSync(join(dir, f), 'utf8').replace(/=\r?\n/g, ''));
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail).toContain('https://example.test/reset-password?token=');
      expect(mail).not.toContain('attacker.example');
    }
  });

  it('with TRUSTED_HOSTS, takes forms from SITE_URL and the hosts listed only', async () => {
    expect((await sendResetForm(listed, 'example.test', 'https://example.test')).statusCode).toBe(200);
    expect((await sendResetForm(listed, 'www.example.test', 'https://www.example.test')).statusCode).toBe(200);
    expect((await sendResetForm(listed, 'internal:3000', 'https://shop.example.org')).statusCode).toBe(200);
    expect((await sendResetForm(listed, '127.0.0.1:3000', 'http://127.0.0.1:3000')).statusCode).toBe(400);
  });
});
