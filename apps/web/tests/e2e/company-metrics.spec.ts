import { join } from 'node:path';
import { createTokenService, filingRow, seedCompany, seedMember, weekdays } from '@app/server/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gotoHydrated, openPage, SCREENSHOT_DIR, seriousAxeViolations, VIEWPORTS } from './support/browser';
import { type Db, useSite } from './support/site';

const JWT_SECRET = 'e2e-secret-that-is-long-enough-for-hs256-signing';
// 25 years of weekdays: the "all" range draws 6,500+ points.
const DAYS = weekdays('2000-01-03', '2024-12-31');

/** The companies this journey visits, seeded into the server database before it starts. */
async function seed(db: Db): Promise<void> {
  await seedCompany(db, {
    name: 'AT&T Inc.',
    ticker: 'T',
    cik: 732717,
    mkcap: 150_000,
    closes: DAYS.map((d, i) => [d, 20 + 5 * Math.sin(i / 200) + i * 0.001]),
    shares: [['2000-01-03', 7_000_000_000]],
    fundamentals: [2021, 2022, 2023, 2024].flatMap((year) => [
      filingRow(year, 'Q1', `${year}-03-31`, { revenue: 30_000 + year, net_income: 1_200 }),
      filingRow(year, 'Q2', `${year}-06-30`, { revenue: 30_500 + year, net_income: -400 }),
      filingRow(year, 'Q3', `${year}-09-30`, { revenue: 31_000 + year, net_income: 1_500 }),
      { ...filingRow(year, 'Q4', `${year}-12-31`, { revenue: 32_000 + year, net_income: 1_700 }), form: '10-K' },
      filingRow(year, 'FY', `${year}-12-31`, { revenue: 123_500 + 4 * year, net_income: 4_000 }),
    ]),
  });
  await seedCompany(db, {
    name: 'Apple Inc.',
    ticker: 'AAPL',
    cik: 320193,
    mkcap: 3_000_000,
    closes: DAYS.slice(-800).map((d, i) => [d, 150 + i * 0.05]),
    shares: [['2020-01-02', 15_000_000_000]],
    formerNames: ['Apple Computer Inc'],
  });
  await seedCompany(db, { name: 'Johnson & Johnson', ticker: 'JNJ', cik: 200406, mkcap: 380_000 });
  // The member whose token the signed-in test carries (a token of no account is refused).
  await seedMember(db, { id: 9, username: 'member', email: 'member@example.com' });
}

async function noSidewaysOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

describe('company metrics journey', () => {
  const site = useSite({ seed, env: { JWT_SECRET } });

  it('renders title, meta, summary and latest values in the server HTML', async () => {
    const res = await fetch(`${site.server.url}/companies/info/at-and-t-inc/revenue`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>AT&amp;T Inc. (T) Revenue | StockGurus</title>');
    expect(html).toContain('<meta name="robots" content="index,follow"/>');
    expect(html).toContain(`<link rel="canonical" href="${site.server.url}/companies/info/at-and-t-inc/revenue"/>`);
    expect(html).toContain('"@type":"BreadcrumbList"');
    expect(html).toContain('"tickerSymbol":"T"');
    expect(html).toContain('AT&amp;T Inc. (T) revenue was 34.0 billion dollars for Q4 2024 (ended 2024-12-31).');
    expect(html).toContain('Revenue, or sales, is the money');
    expect(html).toContain('$34.02B');
    // The chart is drawn on the server: bars, axis labels and the keyboard-focusable plot are in
    // the HTML before any script runs.
    const chart = html.slice(html.indexOf('data-testid="metric-chart"'));
    expect(chart).toContain('tabindex="0"');
    expect(chart).toMatch(/<svg[^>]*viewBox="0 0 1000 1000"[^>]*preserveAspectRatio="none"/);
    expect(chart).toMatch(/<path d="M[\d.]+ [\d.]+h[\d.]+v/);
    expect(chart).toContain('>30.0B</span>');
    expect(chart).toContain('>Q4 2024</span>');
    const bare = await (await fetch(`${site.server.url}/companies/info`)).text();
    expect(bare).toContain('<title>Company Financial Metrics | StockGurus</title>');
    expect(bare).toContain('Select a company to view metrics');
  });

  it('draws the daily line in the server HTML, decimated, and shows it in a browser without scripts', async () => {
    const html = await (await fetch(`${site.server.url}/companies/info/at-and-t-inc/stock-price`)).text();
    const line = html.match(/<path d="(M[^"]+)" class="fill-brand-600\/10 stroke-brand-600"/)?.[1];
    if (!line) throw new Error('no line in the server HTML');
    // 5 years of weekdays (1,300 rows) become at most 1,000 points, plus the two ends and the fill's closing.
    const points = line.match(/L/g)?.length ?? 0;
    expect(points).toBeGreaterThan(500);
    expect(points).toBeLessThanOrEqual(1_000 + 2);
    expect(html).toContain('>2022</span>');

    const context = await site.browser.newContext({ viewport: VIEWPORTS.mobile, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.server.url}/companies/info/at-and-t-inc/stock-price`);
    const plot = await page.locator('[data-testid="metric-plot"] svg').boundingBox();
    expect(plot?.width).toBeGreaterThan(200);
    expect(plot?.height).toBeGreaterThan(200);
    expect(await page.getByText('2022', { exact: true }).isVisible()).toBe(true);
    expect(await noSidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'company-metrics-no-script-375.png') });
    await context.close();
  });

  it('shows the tooltip where a finger taps at 375 px', async () => {
    const context = await site.browser.newContext({ viewport: VIEWPORTS.mobile, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await gotoHydrated(page, `${site.server.url}/companies/info/apple-inc/market-cap`);
    await page.getByTestId('metric-plot').scrollIntoViewIfNeeded();
    const box = await page.getByTestId('metric-plot').boundingBox();
    if (!box) throw new Error('chart not drawn');
    await page.touchscreen.tap(box.x + box.width - 1, box.y + box.height / 2);
    // A pixel of a 3-year plot 230 px wide is about five days.
    await expect.poll(() => page.getByTestId('metric-tooltip').textContent()).toMatch(/^\$[\d.]+T2024-12-\d\d$/);
    await page.touchscreen.tap(box.x + 1, box.y + box.height / 2);
    await expect.poll(() => page.getByTestId('metric-tooltip').textContent()).toContain('2021-');
    expect(await noSidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lists every company metric page and the static pages in /sitemap.xml, named in robots.txt', async () => {
    const res = await fetch(`${site.server.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    const xml = await res.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(`<loc>${site.server.url}/companies/info/at-and-t-inc/stock-price</loc>`);
    expect(xml).toContain(`<loc>${site.server.url}/companies/info/johnson-and-johnson/total-liabilities</loc>`);
    expect(xml).toContain(`<loc>${site.server.url}/screener</loc>`);
    expect(xml).toContain(`<loc>${site.server.url}/companies/info/at-and-t-inc/free-cash-flow</loc>`);
    expect(xml).toContain(`<loc>${site.server.url}/companies/info/at-and-t-inc/statements</loc>`);
    expect(xml).toContain(`<loc>${site.server.url}/screener/map</loc>`);
    // Sixteen static pages (account pages stay out; the public leaderboard, the games list, comparisons,
    // the advanced screen and the market map are in), each ranking for every year from 1999 to last
    // year, and 3 companies × (21 metrics + statements).
    const rankingYears = new Date().getUTCFullYear() - 1999;
    expect(xml.match(/<url>/g)).toHaveLength(16 + 3 * rankingYears + 3 * 22);
    expect(xml.match(/\/companies\/info\/[^<]+<\/loc>/g)).toHaveLength(3 * 22);
    expect(xml).toContain('/simulator/leaderboard</loc>');
    expect(xml).toContain('/simulator/games</loc>');
    expect(xml).not.toContain('/login</loc>');
    const robots = await (await fetch(`${site.server.url}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${site.server.url}/sitemap.xml`);
    expect((await fetch(`${site.server.url}/sitemaps/static.xml`)).status).toBe(200);
    expect((await fetch(`${site.server.url}/sitemaps/companies-9.xml`)).status).toBe(404);
  });

  it('searches by ticker with the keyboard, switches metric, and keeps the 10-year range locked', async () => {
    const { page, errors, close } = await openPage(site.browser, VIEWPORTS.desktop);
    await gotoHydrated(page, `${site.server.url}/companies/info`);
    const box = page.getByRole('combobox', { name: 'Search Company' });
    expect(await box.getAttribute('placeholder')).toBe('Enter company name or ticker...');
    await box.focus();
    // The initial list: largest company first.
    await expect.poll(() => page.getByRole('option').first().textContent()).toContain('Apple Inc.');
    await box.fill('t');
    await expect.poll(() => page.getByRole('option').first().textContent()).toBe('AT&T Inc.T');
    await page.keyboard.press('ArrowDown');
    expect(await page.getByRole('option').first().getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site.server.url}/companies/info/at-and-t-inc/stock-price`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('AT&T Inc. (T)');
    await page.waitForSelector('[data-testid="metric-plot"] svg');
    await expect
      .poll(() => page.getByTestId('metric-legend').textContent())
      .toMatch(/Stock Price.*T.*5 Years.*data points/);

    // Signed out: 10 years and all are disabled with the SPEC tooltip and hint.
    const ten = page.getByRole('button', { name: '10 Years' });
    expect(await ten.isDisabled()).toBe(true);
    expect(await ten.getAttribute('title')).toBe('Login to access this range');
    expect(await page.getByText('Login to unlock 10 Years and All Available ranges.').isVisible()).toBe(true);

    await page.getByRole('link', { name: 'Net Income' }).click();
    await page.waitForURL(`${site.server.url}/companies/info/at-and-t-inc/net-income`);
    await expect.poll(() => page.getByTestId('metric-legend').textContent()).toContain('Quarterly values');
    // Hovering a bar names its fiscal period and form.
    const plot = page.getByTestId('metric-plot');
    const tooltip = page.getByTestId('metric-tooltip');
    // The mouse moves in viewport coordinates: the plot must be on screen.
    await plot.scrollIntoViewIfNeeded();
    const box2 = await plot.boundingBox();
    if (!box2) throw new Error('chart not drawn');
    await page.mouse.move(box2.x + box2.width - 4, box2.y + box2.height / 2);
    await expect.poll(() => tooltip.textContent()).toContain('Q4 2024 · 10-K · ended 2024-12-31');
    await page.mouse.move(box2.x + 4, box2.y + box2.height / 2);
    await expect.poll(() => tooltip.textContent()).toContain('Q1 2021 · 10-Q · ended 2021-03-31');
    await page.mouse.move(box2.x + box2.width / 2, box2.y + box2.height + 40);
    await expect.poll(() => tooltip.count()).toBe(0);

    // The keyboard: the plot takes focus with a visible ring; arrows, Home and End move the
    // cursor and the value is announced politely.
    const live = page.getByTestId('metric-chart').locator('[aria-live="polite"]');
    await plot.focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => tooltip.textContent()).toContain('Q4 2024');
    expect(await plot.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => tooltip.textContent()).toContain('Q3 2024');
    await expect.poll(() => live.textContent()).toContain('Q3 2024 · 10-Q · ended 2024-09-30');
    await page.keyboard.press('Home');
    await expect.poll(() => tooltip.textContent()).toContain('Q1 2021');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => tooltip.textContent()).toContain('Q2 2021');
    // A loss: the bar hangs below the zero line.
    await expect.poll(() => tooltip.textContent()).toContain('-$400.00M');
    await page.keyboard.press('End');
    await expect.poll(() => tooltip.textContent()).toContain('Q4 2024');
    await page.keyboard.press('Escape');
    await expect.poll(() => tooltip.count()).toBe(0);
    await page.getByRole('button', { name: 'Annual' }).click();
    await expect.poll(() => page.getByTestId('metric-legend').textContent()).toContain('Annual values');
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'company-metrics-1280.png'), fullPage: true });
    expect(await noSidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it('searches by name, closes on Escape, and offers the SEC link in a new tab', async () => {
    const { page, close } = await openPage(site.browser, VIEWPORTS.mobile);
    await gotoHydrated(page, `${site.server.url}/companies/info/apple-inc/stock-price`);
    const box = page.getByRole('combobox', { name: 'Search Company' });
    expect(await box.inputValue()).toBe('Apple Inc.');
    await box.fill('johnson');
    await expect.poll(() => page.getByRole('option').first().textContent()).toContain('Johnson & Johnson');
    await page.keyboard.press('Escape');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    await box.fill('zzzz');
    await expect
      .poll(() => page.getByRole('listbox').locator('..').textContent())
      .toContain('No companies found for "zzzz"');
    await box.fill('johnson');
    await expect.poll(() => page.getByRole('option').first().textContent()).toContain('Johnson & Johnson');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site.server.url}/companies/info/johnson-and-johnson/stock-price`);
    await expect.poll(() => page.getByText('No data available').isVisible()).toBe(true);

    await gotoHydrated(page, `${site.server.url}/companies/info/apple-inc/market-cap`);
    const link = page.getByRole('link', { name: /View Apple Inc\. filings on SEC EDGAR/ });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('href')).toContain('CIK=0000320193');
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'company-metrics-375.png'), fullPage: true });
    expect(await noSidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await close();
  });

  it('finds a company by a former name, says so in the option, and opens its page', async () => {
    const { page, close } = await openPage(site.browser, VIEWPORTS.desktop);
    await gotoHydrated(page, `${site.server.url}/companies/info`);
    const box = page.getByRole('combobox', { name: 'Search Company' });
    await box.fill('apple computer');
    const option = page.getByRole('option').first();
    await expect.poll(() => option.textContent()).toBe('Apple Inc.formerly Apple Computer IncAAPL');
    expect(await page.getByRole('option').count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site.server.url}/companies/info/apple-inc/stock-price`);
    expect(await box.inputValue()).toBe('Apple Inc.');
    await close();
  });

  it('replace-redirects an unknown or missing metric to the stock price', async () => {
    const { page, close } = await openPage(site.browser, VIEWPORTS.desktop);
    await gotoHydrated(page, `${site.server.url}/companies/info`);
    await page.goto(`${site.server.url}/companies/info/apple-inc/ebitda`);
    await page.waitForURL(`${site.server.url}/companies/info/apple-inc/stock-price`);
    // Replaced, not pushed: one step back leaves the company pages.
    await page.goBack();
    await page.waitForURL(`${site.server.url}/companies/info`);
    const res = await fetch(`${site.server.url}/companies/info/apple-inc`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/companies/info/apple-inc/stock-price');
    await close();
  });

  it('unlocks 10 years and all for a signed-in user; all draws 6,500 daily points', async () => {
    const { page, errors, close } = await openPage(site.browser, VIEWPORTS.desktop);
    await gotoHydrated(page, `${site.server.url}/companies/info`);
    // A token minted the way sign-in mints one, with the server's secret.
    const token = await createTokenService(JWT_SECRET).sign({ id: '9', email: 'member@example.com' });
    await page.evaluate(
      ([t]) => {
        localStorage.setItem('token', t as string);
        localStorage.setItem('user', JSON.stringify({ id: '9', email: 'member@example.com', name: '', avatar: '' }));
      },
      [token],
    );
    await gotoHydrated(page, `${site.server.url}/companies/info/at-and-t-inc/stock-price`);
    const all = page.getByRole('button', { name: 'All Available' });
    await expect.poll(() => all.isDisabled()).toBe(false);
    await all.click();
    await expect
      .poll(() => page.getByTestId('metric-legend').textContent())
      .toContain(`All Available${DAYS.length.toLocaleString('en-US')} data points`);
    // The range redraws: 25 years of daily closes, decimated, labelled every few years.
    const line = page.locator('[data-testid="metric-plot"] path.stroke-brand-600');
    await expect.poll(() => page.getByTestId('metric-chart').textContent()).toContain('2005');
    const linear = await line.getAttribute('d');
    expect(linear?.match(/L/g)?.length).toBeLessThanOrEqual(1_000 + 2);
    await page.getByLabel('Log scale').check();
    await expect.poll(() => line.getAttribute('d')).not.toBe(linear);
    const box = await page.getByTestId('metric-plot').boundingBox();
    if (!box) throw new Error('chart not drawn');
    await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2);
    await expect.poll(() => page.getByTestId('metric-tooltip').textContent()).toMatch(/^\$[\d.]+2024-12-\d\d$/);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'company-metrics-all-1280.png'), fullPage: false });
    expect(errors).toEqual([]);
    await close();
  });
});
